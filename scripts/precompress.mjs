#!/usr/bin/env node
// `node scripts/precompress.mjs <dist>`: writes a brotli (.br, quality 11) and a gzip (.gz, level 9)
// twin beside every compressible file of a web build, once at build time, for the API to serve in
// place of the file when the browser accepts it (@fastify/static preCompressed). A twin that would
// not be smaller than the file is not written. Run by member-web's and admin-web's `npm run build`.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|ico|map|webmanifest)$/;
const MIN_BYTES = 1024;

const dist = path.resolve(process.argv[2] ?? 'dist');
if (!fs.existsSync(dist)) throw new Error(`${dist} does not exist`);

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

let before = 0;
let after = 0;
for (const file of files(dist)) {
  const data = fs.readFileSync(file);
  for (const ext of ['.br', '.gz']) fs.rmSync(file + ext, { force: true });
  if (data.length < MIN_BYTES) continue;
  const br = zlib.brotliCompressSync(data, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const gz = zlib.gzipSync(data, { level: 9 });
  if (br.length < data.length) fs.writeFileSync(file + '.br', br);
  if (gz.length < data.length) fs.writeFileSync(file + '.gz', gz);
  before += data.length;
  after += br.length;
}
console.log(
  `precompressed ${path.relative(process.cwd(), dist) || '.'}: ${(before / 1024).toFixed(0)} KiB -> ${(after / 1024).toFixed(0)} KiB brotli`,
);
