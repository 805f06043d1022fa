# Sahyog: one image for the API and the worker (docker-compose.yml picks the role).
# Build stage: all dependencies, compile the API and both web apps.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY member-web/package.json member-web/package.json
COPY admin-web/package.json admin-web/package.json
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build:api && npm run build:web

# Runtime stage: production dependencies only, the compiled API and the built web apps.
FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000
WORKDIR /app
COPY package.json package-lock.json ./
COPY member-web/package.json member-web/package.json
COPY admin-web/package.json admin-web/package.json
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/member-web/dist ./member-web/dist
COPY --from=build /app/admin-web/dist ./admin-web/dist
# The worker keeps the last ledger digest it signed here (a volume in docker-compose.yml).
RUN mkdir -p /app/signer && chown node:node /app/signer
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "dist/main.js", "--role=api"]
