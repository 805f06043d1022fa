import { Client, type Pool } from 'pg';
import request from 'supertest';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { sweepJob } from '../src/modules/help';
import { LEDGER_CHECKS } from '../src/modules/ledger-audit/checks';
import { replayLedger } from '../src/modules/ledger-audit/replay';
import { verifyLedger } from '../src/modules/ledger-audit/verify';
import { ALL_PROJECTIONS } from '../src/modules/projections';
import { Database } from '../src/platform/db/database';
import { ProjectionRunner } from '../src/platform/projections/projection';
import { HelpCircle } from './support/help-circle';
import { Network } from './support/network';
import { ledgerOn, seedBasics } from './support/seed';
import { startTestApp, TestApp } from './support/test-app';

/** Issue 22 §6 (decision 0047): the dashboard's slowly changing figures come from projections, in one pipelined read. */
describe('userDashboard at a real network’s size', () => {
  let t: TestApp;
  let net: Network;
  let help: HelpCircle;
  let sender: string;

  beforeAll(async () => {
    t = await startTestApp();
    await seedBasics(t.db.app);
    net = new Network(t);
    help = new HelpCircle(t, net);
    const receiver = await help.memberWithIncome(1, 'Pace Receiver');
    sender = await net.register(receiver, 'Pace Sender');
    await help.approvedHelp(sender);
    await help.approvedWithdrawal(receiver, 100);
    expect(await help.match()).toMatchObject({ links: 1, amountRupees: '100.00' });
  }, 300_000);
  afterAll(() => t.close());

  const today = async (): Promise<string> =>
    (await t.db.owner.query<{ day: string }>(`select ((now() at time zone 'Asia/Kolkata')::date)::text as day`))[0].day;

  it('keeps links per India day in help_link_days, which replay rebuilds with 0 differences', async () => {
    expect(
      await t.db.owner.query(`select day::text as day, links, amount_paise::text as amount from help_link_days`),
    ).toEqual([{ day: await today(), links: 1, amount: '10000' }]);
    const replay = await replayLedger(t.db.owner, new ProjectionRunner(ALL_PROJECTIONS));
    expect(replay.tables.map((d) => d.table)).toContain('help_link_days');
    expect(replay.tables.filter((d) => d.onlyLive + d.onlyReplayed > 0)).toEqual([]);
  });

  it('reads the 7-day pace from the 7 day rows (today and the 6 before), not from the week’s links', async () => {
    expect(await help.dashboard(sender)).toMatchObject({ matchedLinks7d: '1', matchedRupees7d: '100.00' });
    // Days written behind the ledger by the owner, to see which rows the reads sum: 6 days ago counts, 7 does not.
    const day = await today();
    await t.db.owner.execute(
      `insert into help_link_days (day, links, amount_paise) values ($1::date - 6, 5, 50000), ($1::date - 7, 100, 9000000)`,
      [day],
    );
    try {
      expect(await help.dashboard(sender)).toMatchObject({ matchedLinks7d: '6', matchedRupees7d: '600.00' });
      const health = await request(t.app.getHttpServer()).get('/api/network-health').expect(200);
      expect(health.body.last7Days).toMatchObject({ links: 6, amountRupees: '600.00' });
    } finally {
      await t.db.owner.execute(`delete from help_link_days where day < $1::date`, [day]);
    }
  });

  it('answers the whole dashboard from one pool checkout beside the session’s own', async () => {
    const token = await net.token(sender);
    const pool = (t.app.get(Database).dataSource.driver as PostgresDriver).master as Pool;
    const connect = jest.spyOn(pool, 'connect');
    try {
      const res = await request(t.app.getHttpServer())
        .post('/api/userDashboard')
        .set('Authorization', `Bearer ${token}`)
        .send({ uid: sender })
        .expect(200);
      expect(res.body[0]).toMatchObject({
        uid: sender,
        f_name: 'Pace Sender',
        TeamIncome: '0.00',
        TotalIncome: '0.00',
      });
      // The session check (the account's credential version and epoch) and the dashboard's pipelined reads.
      expect(connect).toHaveBeenCalledTimes(2);
    } finally {
      connect.mockRestore();
    }
  });

  it('scans the waiting entries once: the queue totals give the 7-day pace its waiting PH demand too', async () => {
    const waiter = await net.register(sender, 'Queue Waiter');
    await help.approvedHelp(waiter); // something waits on the PH side
    const token = await net.token(waiter);
    const texts: string[] = [];
    const original = Client.prototype.query;
    const spy = jest.spyOn(Client.prototype, 'query').mockImplementation(function (this: Client, ...args: unknown[]) {
      const [config] = args as [string | { text?: string }];
      texts.push(typeof config === 'string' ? config : (config?.text ?? ''));
      return (original as (...a: unknown[]) => unknown).apply(this, args) as never;
    });
    try {
      const res = await request(t.app.getHttpServer())
        .post('/api/userDashboard')
        .set('Authorization', `Bearer ${token}`)
        .send({ uid: waiter })
        .expect(200);
      expect(Number(res.body[0].phQueueCount)).toBeGreaterThan(0);
      expect(res.body[0].myPhQueuePosition).toMatch(/^[1-9]\d*$/);
      // No statement over every waiting entry (not one member's): the totals are a few rows of
      // queue_waiting_totals (decision 0054), read once for both the totals and the pace.
      const overAllWaiting = texts.filter((text) => /queue_entries/.test(text) && !/\$1/.test(text));
      expect(overAllWaiting).toEqual([]);
      expect(texts.filter((text) => /from queue_waiting_totals group by side/.test(text))).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('keeps the queue totals exact through every change of queue_entries, folded or not (decision 0054)', async () => {
    const waitingNow = async () =>
      t.db.owner.query<{ side: string; n: string; paise: string }>(
        `select side, count(*)::text as n, sum(remaining_paise)::text as paise from queue_entries
          where remaining_paise > 0 group by side order by side`,
      );
    const totalsNow = async () =>
      t.db.owner.query<{ side: string; n: string; paise: string }>(
        `select side, sum(entries)::text as n, sum(remaining_paise)::text as paise from queue_waiting_totals
          group by side having sum(entries) <> 0 or sum(remaining_paise) <> 0 order by side`,
      );
    const shown = async () => {
      const d = await help.dashboard(sender);
      return { ph: [d.phQueueCount, d.phQueueRupees], gh: [d.ghQueueCount, d.ghQueueRupees] };
    };
    const rupees = (paise: string | undefined) => (Number(paise ?? 0) / 100).toFixed(2);
    const expectExact = async () => {
      const waiting = await waitingNow();
      expect(await totalsNow()).toEqual(waiting);
      const of = (side: string) => waiting.find((w) => w.side === side);
      expect(await shown()).toEqual({
        ph: [of('PH')?.n ?? '0', rupees(of('PH')?.paise)],
        gh: [of('GH')?.n ?? '0', rupees(of('GH')?.paise)],
      });
    };
    await expectExact();
    // Through the ledger: a new PH entry, a withdrawal's GH entry, then matching takes both down.
    const receiver = await help.memberWithIncome(1, 'Totals Receiver');
    const giver = await net.register(receiver, 'Totals Giver');
    await help.approvedHelp(giver);
    await expectExact();
    await help.approvedWithdrawal(receiver, 100);
    await expectExact();
    await help.match();
    await expectExact();
    // Folded into one row per side and hour, none for an hour where nothing waits: the same figures.
    const rows = async () =>
      (
        await t.db.owner.query<{ rows: number; hours: number; empty: number }>(
          `select count(*)::int as rows, count(distinct (side, hour))::int as hours,
                  count(*) filter (where entries = 0 and remaining_paise = 0)::int as empty from queue_waiting_totals`,
        )
      )[0];
    expect((await rows()).rows).toBeGreaterThan((await rows()).hours);
    // The help sweeper (every minute in the worker) folds them.
    await sweepJob(ledgerOn(t.db.app));
    const folded = await rows();
    expect(folded.rows).toBe(folded.hours);
    expect(folded.empty).toBe(0);
    await expectExact();
    // Any statement on the table keeps them, inside a transaction that rolls back too (owner, behind the ledger).
    await t.db.owner
      .transaction(async (tx) => {
        await tx.execute("update queue_entries set remaining_paise = 0 where side = 'PH'");
        const [{ n }] = await tx.query<{ n: string }>(
          "select coalesce(sum(entries), 0)::text as n from queue_waiting_totals where side = 'PH'",
        );
        expect(n).toBe('0');
        throw new Error('roll back');
      })
      .catch((e: Error) => expect(e.message).toBe('roll back'));
    await expectExact();
    expect((await verifyLedger(t.db.app, LEDGER_CHECKS)).problems).toEqual([]);
    // A delta written behind the trigger is named by the ledger audit.
    await t.db.owner.execute(
      "insert into queue_waiting_totals (side, hour, entries, remaining_paise) values ('GH', 0, 1000001, 123457)",
    );
    try {
      const reasons = (await verifyLedger(t.db.app, LEDGER_CHECKS)).problems.map((p) => p.reason).join('\n');
      expect(reasons).toMatch(
        /GH queue totals: \d+ entries, \d+ paise in queue_waiting_totals; \d+ entries, \d+ paise waiting in queue_entries/,
      );
    } finally {
      await t.db.owner.execute(
        "delete from queue_waiting_totals where side = 'GH' and entries = 1000001 and remaining_paise = 123457",
      );
    }
  });

  it('gives a member their place in the queue from the earlier hours’ totals and a count within their own hour', async () => {
    const waiter = await net.register(sender, 'Hour Waiter');
    await help.approvedHelp(waiter);
    const [mine] = await t.db.owner.query<{ since: string }>(
      `select since::text as since from queue_entries where uid = $1 and side = 'PH' and remaining_paise > 0`,
      [waiter],
    );
    // Entries behind the ledger (owner) around the waiter's: hours before, the same hour before and after, a later hour, one matched.
    const around: Array<[string, number]> = [
      ['-5 hours', 500],
      ['-3 hours', 500],
      ['-3 hours', 0],
      ['-61 minutes', 700],
      ['-1 second', 300],
      ['-1 millisecond', 100],
      ['1 millisecond', 100],
      ['2 hours', 900],
    ];
    await t.db.owner.execute(
      `insert into queue_entries (id, side, uid, amount_paise, remaining_paise, source, source_id, since)
       select 'ph-hour-' || n, 'PH', $1, 1000, r, 'help-request', 'hour-' || n, $2::timestamptz + d::interval
         from unnest($3::text[], $4::bigint[]) with ordinality as x(d, r, n)`,
      [sender, mine.since, around.map((a) => a[0]), around.map((a) => a[1])],
    );
    try {
      const [{ expected }] = await t.db.owner.query<{ expected: string }>(
        `select (count(*) + 1)::text as expected from queue_entries o, queue_entries m
          where m.uid = $1 and m.side = 'PH' and m.remaining_paise > 0
            and o.side = 'PH' and o.remaining_paise > 0 and (o.since, o.id) < (m.since, m.id)`,
        [waiter],
      );
      expect(Number(expected)).toBeGreaterThan(5);
      expect((await help.dashboard(waiter)).myPhQueuePosition).toBe(expected);
      await t.app.get(Database).execute('select compact_queue_waiting_totals()');
      expect((await help.dashboard(waiter)).myPhQueuePosition).toBe(expected);
    } finally {
      await t.db.owner.execute(`delete from queue_entries where id like 'ph-hour-%'`);
    }
  });

  it('serves the country list from memory after its first read (reference data only a migration writes)', async () => {
    const server = t.app.getHttpServer();
    const first = (await request(server).get('/api/countryList').expect(200)).body;
    const pool = (t.app.get(Database).dataSource.driver as PostgresDriver).master as Pool;
    const connect = jest.spyOn(pool, 'connect');
    try {
      expect((await request(server).get('/api/countryList').expect(200)).body).toEqual(first);
      const india = first[0].find((c: { phonecode: string }) => c.phonecode === '+91');
      expect((await request(server).get('/api/GetcountrybyID').query({ id: india.id }).expect(200)).body).toEqual([
        [india],
      ]);
      expect(connect).not.toHaveBeenCalled();
    } finally {
      connect.mockRestore();
    }
  });
});
