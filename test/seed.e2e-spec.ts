import { INestApplicationContext } from '@nestjs/common';
import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import { runSeed, SeedModule } from '../src/cli/seed';
import { exportLedger } from '../src/modules/ledger-audit/export';
import { replayLedger } from '../src/modules/ledger-audit/replay';
import { verifyLedger } from '../src/modules/ledger-audit/verify';
import { LEDGER_CHECKS } from '../src/modules/ledger-audit/checks';
import { ALL_PROJECTIONS } from '../src/modules/projections';
import { ProjectionRunner } from '../src/platform/projections/projection';
import { checkpointCovering, lastPosition } from './support/checkpoint';
import { eventCount } from './support/seed';
import { createTestDatabase, TestDatabase } from './support/test-app';

describe('the demo seed', () => {
  let db: TestDatabase;
  let app: INestApplicationContext;

  beforeAll(async () => {
    db = await createTestDatabase();
    Object.assign(process.env, {
      DATABASE_URL: db.ownerUrl,
      APP_DATABASE_URL: db.appUrl,
      JWT_SECRET: 'test-secret-of-sufficient-length',
    });
    app = await NestFactory.createApplicationContext(SeedModule, { logger: false });
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  it('writes the root, 30 members over levels 1-3 and one admin per role, through the ledger', async () => {
    expect(await runSeed(app, { bootstrapOnly: false })).toBe(true);
    const [members] = await db.owner.query<{ n: number }>('select count(*)::int as n from members');
    expect(members.n).toBe(31);
    const levels = await db.owner.query<{ depth: number; n: number }>(
      "select depth, count(*)::int as n from member_tree where ancestor_uid = '100000' group by depth order by depth",
    );
    expect(levels).toEqual([
      { depth: 1, n: 3 },
      { depth: 2, n: 9 },
      { depth: 3, n: 18 },
    ]);
    const admins = await db.owner.query<{ username: string; role: string }>(
      'select username, role from admin_users order by username',
    );
    expect(admins.map((a) => a.role).sort()).toEqual(['approver', 'auditor', 'superadmin', 'superadmin', 'support']);
    expect(admins.map((a) => a.username)).toContain('superadmin2');
    const active = await db.owner.query<{ uid: string }>(
      "select uid from members where status = 'Active' order by uid",
    );
    expect(active.map((m) => m.uid)).toEqual(Array.from({ length: 12 }, (_, i) => String(100001 + i)));
    const [spare] = await db.owner.query<{ n: number }>("select count(*)::int as n from epins where status = 'unused'");
    expect(spare.n).toBe(15);
    // The demo's earner (100003) upgraded its three directs to ₹1,000: with their ₹299 activations,
    // ₹389.70 of level-1 income for it once the worker pays (README, "Demo logins").
    const upgraded = await db.owner.query<{ uid: string; total: string }>(
      'select uid, total_package_paise::text as total from members where current_package_paise = 100000 order by uid',
    );
    expect(upgraded).toEqual(['100010', '100011', '100012'].map((uid) => ({ uid, total: '129900' })));
    const earnerTopUps = await db.owner.query<{ type: string; n: number }>(
      "select type, count(*)::int as n from epins where owner_uid = '100003' and status = 'used' and used_for <> '100003' group by type order by type",
    );
    expect(earnerTopUps).toEqual([
      { type: 'EpintypeA', n: 3 },
      { type: 'EpintypeB', n: 3 },
    ]);
    const options = await db.owner.query<{ type: string }>('select type from payment_options order by type');
    expect(options.map((o) => o.type)).toEqual(['Bank', 'QR']);
  });

  it('seeds only once: a second run writes nothing', async () => {
    const before = await eventCount(db.app);
    expect(await runSeed(app, { bootstrapOnly: false })).toBe(false);
    expect(await eventCount(db.app)).toBe(before);
  });

  it('leaves a ledger that verifies (with a checkpoint) and replays with zero differences', async () => {
    expect(await checkpointCovering(db.app, await lastPosition(db.app))).toBe(true);
    const report = await verifyLedger(db.app, LEDGER_CHECKS);
    expect(report).toMatchObject({ ok: true, firstBad: null });
    expect(report.checkpointsChecked).toBeGreaterThanOrEqual(1);
    expect(report.eventsChecked).toBeGreaterThan(80);
    const replay = await replayLedger(db.owner, new ProjectionRunner(ALL_PROJECTIONS));
    expect(replay.differences).toBe(0);
  });

  // docs/ledger-format.md promises an auditor can check an export without Sahyog's code: its own
  // snippet, run as it stands, passes the real export and names an event altered in the file.
  it('exports NDJSON that the snippet in docs/ledger-format.md checks without this code', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sahyog-export-'));
    try {
      const file = join(dir, 'ledger.ndjson');
      const out = createWriteStream(file);
      const written = await exportLedger(db.app, out);
      await new Promise((resolve) => out.end(resolve));
      const lines = readFileSync(file, 'utf8').trim().split('\n');
      expect(lines).toHaveLength(written);
      expect(written).toBe(await eventCount(db.app));

      const doc = readFileSync(join(__dirname, '..', 'docs', 'ledger-format.md'), 'utf8');
      const snippet = doc.slice(doc.indexOf('## Checking an export yourself')).match(/```js\n([\s\S]*?)```/)?.[1];
      expect(snippet).toContain("readFileSync('ledger.ndjson'");
      const check = () => execFileSync(process.execPath, ['-e', snippet as string], { cwd: dir, encoding: 'utf8' });
      expect(check()).toBe('');

      const victim = JSON.parse(lines[4]);
      victim.payload = { ...victim.payload, tampered: true };
      lines[4] = JSON.stringify(victim);
      writeFileSync(file, lines.join('\n') + '\n');
      expect(check()).toContain(`bad event ${victim.position}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
