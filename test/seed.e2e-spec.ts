import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { runSeed, SeedModule } from '../src/cli/seed';
import { replayLedger } from '../src/modules/ledger-audit/replay';
import { verifyLedger } from '../src/modules/ledger-audit/verify';
import { LEDGER_CHECKS } from '../src/modules/ledger-audit/checks';
import { ALL_PROJECTIONS } from '../src/modules/projections';
import { writeCheckpoint } from '../src/platform/event-store/checkpoint';
import { ProjectionRunner } from '../src/platform/projections/projection';
import { eventCount } from './support/seed';
import { createTestDatabase, TestDatabase } from './support/test-app';

describe('the demo seed', () => {
  let db: TestDatabase;
  let app: INestApplicationContext;

  beforeAll(async () => {
    db = await createTestDatabase();
    Object.assign(process.env, { DATABASE_URL: db.ownerUrl, APP_DATABASE_URL: db.appUrl, JWT_SECRET: 'test-secret-of-sufficient-length' });
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
    const levels = await db.owner.query<{ depth: number; n: number }>("select depth, count(*)::int as n from member_tree where ancestor_uid = '100000' group by depth order by depth");
    expect(levels).toEqual([{ depth: 1, n: 3 }, { depth: 2, n: 9 }, { depth: 3, n: 18 }]);
    const admins = await db.owner.query<{ username: string; role: string }>('select username, role from admin_users order by username');
    expect(admins.map((a) => a.role).sort()).toEqual(['approver', 'auditor', 'superadmin', 'support']);
    const active = await db.owner.query<{ uid: string }>("select uid from members where status = 'Active' order by uid");
    expect(active.map((m) => m.uid)).toEqual(Array.from({ length: 12 }, (_, i) => String(100001 + i)));
    const [spare] = await db.owner.query<{ n: number }>("select count(*)::int as n from epins where status = 'unused'");
    expect(spare.n).toBe(15);
    const options = await db.owner.query<{ type: string }>('select type from payment_options order by type');
    expect(options.map((o) => o.type)).toEqual(['Bank', 'QR']);
  });

  it('seeds only once: a second run writes nothing', async () => {
    const before = await eventCount(db.app);
    expect(await runSeed(app, { bootstrapOnly: false })).toBe(false);
    expect(await eventCount(db.app)).toBe(before);
  });

  it('leaves a ledger that verifies (with a checkpoint) and replays with zero differences', async () => {
    await writeCheckpoint(db.app);
    const report = await verifyLedger(db.app, LEDGER_CHECKS);
    expect(report).toMatchObject({ ok: true, firstBad: null, checkpointsChecked: 1 });
    expect(report.eventsChecked).toBeGreaterThan(80);
    const replay = await replayLedger(db.owner, new ProjectionRunner(ALL_PROJECTIONS));
    expect(replay.differences).toBe(0);
  });
});
