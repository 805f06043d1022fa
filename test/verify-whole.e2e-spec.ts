import { LEDGER_CHECKS } from '../src/modules/ledger-audit/checks';
import {
  compareProjections,
  SCRATCH_LOCK,
  VERIFY_SCRATCH_SCHEMA,
  VerifyAlreadyRunning,
} from '../src/modules/ledger-audit/projection-diff';
import { ledgerTreeCheck } from '../src/modules/ledger-audit/tree-checks';
import { verifyLedger } from '../src/modules/ledger-audit/verify';
import { verifyWhole } from '../src/modules/ledger-audit/verify-whole';
import { ALL_PROJECTIONS } from '../src/modules/projections';
import { ProjectionRunner } from '../src/platform/projections/projection';
import { HelpCircle } from './support/help-circle';
import { testLedgerKeys } from './support/ledger-keys';
import { Network } from './support/network';
import { ledgerOn, seedBasics } from './support/seed';
import { startTestApp, TestApp } from './support/test-app';

/**
 * Decision 0056: verify as the CLI and the auditor's action run it — every read table rebuilt and
 * compared, the chains, the checkpoints and every check — runs its parts side by side, all in one
 * exported snapshot, and reports what the same parts report one after another.
 */
describe('verify runs the rebuild, the walk and the checks side by side in one snapshot', () => {
  let t: TestApp;
  let net: Network;
  let help: HelpCircle;
  const runner = new ProjectionRunner(ALL_PROJECTIONS);
  const keys = testLedgerKeys();
  const checks = () => [...LEDGER_CHECKS, ledgerTreeCheck(keys)];
  /** The application role rebuilds into the shared scratch schema, as the auditor's action does. */
  const schema = VERIFY_SCRATCH_SCHEMA;
  const whole = () => verifyWhole(t.db.app, runner, checks(), keys, { schema });
  /** Verify's parts one after another: the rebuild in snapshots of its own, then the walk and the checks. */
  const oneAfterAnother = async () =>
    t.db.app.transaction(
      async (tx) =>
        verifyLedger(tx, checks(), keys, { projections: await compareProjections(t.db.app, runner, { schema }) }),
      { retry: false, isolation: 'REPEATABLE READ', readOnly: true },
    );

  beforeAll(async () => {
    t = await startTestApp();
    await seedBasics(t.db.app);
    net = new Network(t);
    help = new HelpCircle(t, net);
    const b = await help.memberWithIncome(2, 'Bina Receiver');
    await net.register(b, 'Arun Sender');
    expect(await net.issue(b, 1, 'EpintypeB')).toHaveLength(1); // an unused e-pin
  });

  afterAll(() => t.close());

  it('a sound ledger verifies, with every part run', async () => {
    const report = await whole();
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.eventsChecked).toBeGreaterThan(10);
    expect(report.projections?.tablesCompared).toBe(runner.tables().length);
    expect(report.projections?.eventsReplayed).toBe(report.eventsChecked);
  });

  it('while another verify holds the scratch schema it is refused at once, before any part runs', async () => {
    const ran: string[] = [];
    const spy = { name: 'spy', run: async () => (ran.push('spy'), []) };
    await t.db.owner.transaction(
      async (other) => {
        await other.query('select pg_advisory_xact_lock($1, $2)', [...SCRATCH_LOCK]);
        await expect(verifyWhole(t.db.app, runner, [spy], keys, { schema, lanes: 1 })).rejects.toBeInstanceOf(
          VerifyAlreadyRunning,
        );
      },
      { retry: false, appends: false },
    );
    expect(ran).toEqual([]);
    expect((await verifyWhole(t.db.app, runner, [spy], keys, { schema })).ok).toBe(true);
    expect(ran).toEqual(['spy']);
  });

  it('appends committed while it runs are in neither the rebuild nor the walk: both judge one ledger', async () => {
    // A writer appending all along: before decision 0056 the rebuild took its snapshot first and the
    // walk its own after it, so the walk counted events the rebuild never saw.
    let writing = true;
    let appended = 0;
    const writer = (async () => {
      const ledger = ledgerOn(t.db.app);
      for (let version = 0; writing; version++) {
        await ledger.run({ actor: { kind: 'system', id: 'probe' }, correlationId: 'probe' }, (tx) =>
          tx.append('probe-verify-whole', version, [{ type: 'ProbeNoted', payload: { n: version + 1 } }]),
        );
        appended += 1;
      }
    })();
    try {
      while (appended < 3) await new Promise((resolve) => setTimeout(resolve, 5));
      const before = appended;
      const report = await whole();
      expect(appended).toBeGreaterThan(before); // the writer went on while verify ran
      expect(report.problems).toEqual([]);
      expect(report.projections?.eventsReplayed).toBe(report.eventsChecked);
      const [{ last }] = await t.db.app.query<{ last: string }>(
        `select max(position)::text as last from events where position <= $1`,
        [report.projections?.asOfPosition],
      );
      expect(last).toBe(report.projections?.asOfPosition);
    } finally {
      writing = false;
      await writer;
    }
  });

  it('names an altered event, an edited read-table row and the check it fails: the report of the parts one after another', async () => {
    const [registered] = await t.db.owner.query<{ position: string; stream_id: string }>(
      `select position::text as position, stream_id from events where type = 'MemberRegistered' order by position desc limit 1`,
    );
    await t.db.owner.transaction(async (tx) => {
      await tx.execute('set local session_replication_role = replica');
      // an event's content rewritten, its hash left as it was: the walk's finding
      await tx.execute(`update events set payload = jsonb_set(payload, '{name}', '"Mallory"') where position = $1`, [
        registered.position,
      ]);
    });
    // a read table edited: the rebuild's finding, and the e-pin counts check's
    const [pin] = await t.db.owner.query<{ number: string }>(
      `update epins set status = 'used' where number = (select min(number) from epins where status = 'unused') returning number`,
    );
    expect(pin).toBeDefined();

    const found = await whole();
    expect(found.ok).toBe(false);
    expect(found.problems).toEqual(
      expect.arrayContaining([
        {
          position: registered.position,
          stream_id: registered.stream_id,
          reason: 'hash does not match the event content and the previous hash: the event was altered',
        },
        expect.objectContaining({
          reason: expect.stringMatching(/^unused e-pins of \d+: \d+ in the ledger, \d+ in the read table$/),
        }),
        expect.objectContaining({
          stream_id: 'table:epins',
          reason: `epins row (number ${JSON.stringify(pin.number)}), column status: "used" in the live table, "unused" rebuilt from the events`,
        }),
      ]),
    );
    const sequential = await oneAfterAnother();
    expect(found.problems).toEqual(sequential.problems);
    expect({ ...found, projections: null }).toEqual({ ...sequential, projections: null });
    expect(found.projections?.differences).toEqual(sequential.projections?.differences);
  });

  it('level income: a level outside 1–15 and a level paid twice are named, a level without a number twice is not', async () => {
    const [income] = await t.db.owner.query<{ position: string; stream_id: string; level: string }>(
      `select position::text as position, stream_id, payload->'levels'->0->>'level' as level from events
        where type = 'LevelIncomeDistributed' order by position limit 1`,
    );
    await t.db.owner.transaction(async (tx) => {
      await tx.execute('set local session_replication_role = replica');
      // level 0's copy twice (its level paid twice), then level 0 moved to 16, and two levels without a number
      await tx.execute(
        `update events set payload = jsonb_set(payload, '{levels}', jsonb_set(
           (payload->'levels') || jsonb_build_array(payload->'levels'->0, payload->'levels'->0,
                                                    (payload->'levels'->0) - 'level', (payload->'levels'->0) - 'level'),
           '{0,level}', '16')) where position = $1`,
        [income.position],
      );
    });
    const check = LEDGER_CHECKS.find((c) => c.name === 'level-income-within-15-levels')!;
    expect(await check.run(t.db.app)).toEqual([
      {
        position: income.position,
        stream_id: income.stream_id,
        reason: `illegal event (LevelIncomeDistributed): income at level 16, beyond the 15 levels; level ${income.level} paid twice`,
      },
    ]);
  });
});
