#!/usr/bin/env node
// `npm run ledger -- verify [--against DIGEST.json] | replay | export [--out FILE] | digest [--out FILE] | checkpoint`
// Builds the API when dist/ is missing, connects to DATABASE_URL or the local ./.data/pg
// server (started for the duration of the command when it is not already running, then
// stopped again), and runs dist/cli/ledger.js with the given arguments.
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { ROOT, c, log, UserError, runOrThrow } from './lib/util.mjs';
import { ensureNodeModules, localDatabase, localLedgerEnv, localSecrets, PG_DIR } from './lib/local.mjs';

const args = process.argv.slice(2);
const cli = path.join(ROOT, 'dist', 'cli', 'ledger.js');

async function main() {
  if (args.length === 0 || ['-h', '--help', 'help'].includes(args[0])) {
    console.log('usage: npm run ledger -- verify [--against DIGEST.json] | replay [--keep] | export [--out FILE] | digest [--out FILE] | checkpoint');
    return 0;
  }
  await ensureNodeModules();
  if (!fs.existsSync(cli)) {
    log('ledger', 'dist/ is missing: building the API first');
    await runOrThrow('npm', ['run', '--silent', 'build:api'], { prefix: 'build:api' });
  }
  if (!process.env.DATABASE_URL && !fs.existsSync(path.join(PG_DIR, 'PG_VERSION'))) {
    throw new UserError('no DATABASE_URL and no local database in ./.data/pg yet: run `npm run up` first');
  }
  const db = await localDatabase();
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    if (db.server && !db.server.adopted) await db.server.stop();
  };
  try {
    const code = await new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [cli, ...args], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: db.url, ...localLedgerEnv(localSecrets(), { create: false }) },
        stdio: 'inherit',
      });
      const forward = (sig) => child.kill(sig);
      process.on('SIGINT', forward);
      process.on('SIGTERM', forward);
      child.on('error', reject);
      child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    });
    return code;
  } finally {
    await stop();
  }
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(`${c.red('ledger failed:')} ${e instanceof UserError ? e.message : e.stack || e.message}`);
    process.exit(1);
  },
);
