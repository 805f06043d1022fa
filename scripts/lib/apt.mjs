// Install a Debian package when the command it provides is missing (root only).
import fs from 'node:fs';
import { run, which, isRoot, log, UserError } from './util.mjs';

let updated = false;

/**
 * Make sure `binary` exists (a command on PATH, or with `{ file: true }` an absolute path such
 * as a font file); if not, install Debian's `pkg` with apt-get (root only).
 * Services that the package would start on install are held back with a temporary
 * policy-rc.d, so no stray daemon is left running.
 * Returns the binary's path.
 */
export async function ensureAptPackage(pkg, binary, { candidates = [], file = false } = {}) {
  const locate = (name) => (file ? (fs.existsSync(name) ? name : null) : which(name));
  const found = [binary, ...candidates].map(locate).find(Boolean);
  if (found) return found;
  if (!isRoot()) {
    throw new UserError(
      `'${binary}' is missing. Install it first (as root: apt-get update && apt-get install -y ${pkg}) ` +
        `or run this command as root so it can install it.`,
    );
  }
  if (!which('apt-get')) throw new UserError(`'${binary}' is missing and apt-get is not available to install '${pkg}'.`);
  log('apt', `installing ${pkg} (missing ${binary}) …`);
  const policy = '/usr/sbin/policy-rc.d';
  const ownPolicy = !fs.existsSync(policy);
  if (ownPolicy) fs.writeFileSync(policy, '#!/bin/sh\n# temporary, written by sahyog scripts/lib/apt.mjs\nexit 101\n', { mode: 0o755 });
  try {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    if (!updated) {
      const u = await run('apt-get', ['update'], { env, prefix: 'apt', quiet: !process.env.VERBOSE });
      if (u.code !== 0) throw new Error(`apt-get update failed:\n${u.output.slice(-2000)}`);
      updated = true;
    }
    const r = await run('apt-get', ['install', '-y', '--no-install-recommends', pkg], { env, prefix: 'apt', quiet: !process.env.VERBOSE });
    if (r.code !== 0) throw new Error(`apt-get install ${pkg} failed:\n${r.output.slice(-2000)}`);
  } finally {
    if (ownPolicy) fs.rmSync(policy, { force: true });
  }
  const now = [binary, ...candidates].map(locate).find(Boolean);
  if (!now) throw new Error(`installed ${pkg} but '${binary}' is still missing`);
  log('apt', `${pkg} installed: ${now}`);
  return now;
}
