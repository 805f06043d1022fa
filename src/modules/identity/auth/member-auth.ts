import { createParamDecorator, ExecutionContext, ForbiddenException, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { AuthGuard, PassportStrategy } from '@nestjs/passport';
import { FastifyRequest } from 'fastify';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { APP_CONFIG, AppConfig } from '../../../config/config';
import { Database } from '../../../platform/db/database';
import { errorBody } from '../../../platform/http/error-body';
import { MSG } from '../domain/member.messages';
import { loadMember } from '../member-state';
import { MemberClaims } from '../tokens';

export interface MemberPrincipal {
  uid: string;
  impersonatedBy?: string;
}

const loginRequired = () => new UnauthorizedException(errorBody(401, MSG.loginRequired));

/** A member token is good while the member exists, is not blocked and has not changed password since. */
@Injectable()
export class MemberJwtStrategy extends PassportStrategy(Strategy, 'member-jwt') {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly db: Database,
  ) {
    super({ jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(), secretOrKey: config.jwtSecret, ignoreExpiration: false });
  }

  async validate(claims: MemberClaims): Promise<MemberPrincipal> {
    if (claims?.typ !== 'member' || typeof claims.sub !== 'string') throw loginRequired();
    const member = await loadMember(this.db, claims.sub);
    if (!member || member.blocked || member.credentialVersion !== claims.cv) throw loginRequired();
    return { uid: member.uid, ...(claims.imp ? { impersonatedBy: claims.imp } : {}) };
  }
}

/**
 * Authenticates the member and enforces the uid-from-token rule: a `uid` in the body or query
 * that is not the token's own is refused, never acted on.
 */
@Injectable()
export class MemberAuthGuard extends AuthGuard('member-jwt') {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    await super.canActivate(context);
    const request = context.switchToHttp().getRequest<FastifyRequest & { user: MemberPrincipal }>();
    const claimed = [(request.body as { uid?: unknown } | undefined)?.uid, (request.query as { uid?: unknown } | undefined)?.uid].filter((v) => v !== undefined && v !== '');
    if (claimed.some((uid) => String(uid) !== request.user.uid)) throw new ForbiddenException(errorBody(403, 'Access denied for this user id'));
    return true;
  }

  override handleRequest<T>(error: unknown, user: T): T {
    if (error instanceof UnauthorizedException) throw error;
    if (error || !user) throw loginRequired();
    return user;
  }
}

export const CurrentMember = createParamDecorator((_: unknown, context: ExecutionContext): MemberPrincipal => {
  return context.switchToHttp().getRequest<{ user: MemberPrincipal }>().user;
});
