import { randomBytes } from 'node:crypto';
import { verifyLedger } from '../src/modules/ledger-audit/verify';
import { appendToStream, appendToStreams } from '../src/platform/event-store/event-store';
import { EventMetadata } from '../src/platform/event-store/event.types';
import { ConcurrencyError, InvariantViolation } from '../src/platform/errors';
import { Ledger, LedgerTx } from '../src/platform/ledger';
import {
  eventPosition,
  exactlyOneRow,
  ProjectedEvent,
  Projection,
  ProjectionRunner,
} from '../src/platform/projections/projection';
import { seedBasics } from './support/seed';
import { createTestDatabase, TestDatabase } from './support/test-app';

const meta: EventMetadata = { actor: { kind: 'system', id: 'test' }, correlationId: 'pipeline-test' };
const sqlState = (error: unknown) => (error as { code?: string }).code;
const probe = (type: string): ProjectedEvent => ({
  type,
  payload: {},
  streamId: 'pipe-probe',
  streamVersion: 1,
  schemaVersion: 1,
  metadata: meta,
  recordedAt: new Date().toISOString(),
  hash: '0'.repeat(64),
  hashRule: 2,
});

/** The transaction machinery's round-trip savings must not change what a transaction means. */
describe('pipelined transactions (real PostgreSQL, application role)', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
    await seedBasics(db.app);
  });
  afterAll(() => db.drop());

  it('sends BEGIN with the first read, and that read is inside the transaction', async () => {
    const [first, second] = await db.app.transaction(
      async (tx) => {
        const [a] = await tx.query<{ isolation: string; at: string }>(
          "select current_setting('transaction_isolation') as isolation, now()::text as at",
        );
        const [b] = await tx.query<{ isolation: string; at: string }>(
          "select current_setting('transaction_isolation') as isolation, now()::text as at",
        );
        return [a, b];
      },
      { isolation: 'REPEATABLE READ' },
    );
    expect(first.isolation).toBe('repeatable read'); // BEGIN ISOLATION LEVEL … ran before the first read
    expect(second).toEqual(first); // now() is the transaction's start: one transaction
  });

  it('rolls back a transaction whose first statement is a write, and the pool stays usable', async () => {
    const stream = `pipe-write-${randomBytes(4).toString('hex')}`;
    await expect(
      db.app.transaction(
        async (tx) => {
          await appendToStream(tx, stream, 0, [{ type: 'Probe', payload: {} }], meta);
          await tx.query('select 1/0');
        },
        { retry: false },
      ),
    ).rejects.toMatchObject({ code: '22012' });
    expect(await db.app.query('select 1 from events where stream_id = $1', [stream])).toHaveLength(0);
    const states = await db.app.query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'",
    );
    expect(states[0].n).toBe(0);
  });

  it('appends to several streams in one INSERT: positions in the order given, each chained onto its own head', async () => {
    const [s1, s2] = [`pipe-a-${randomBytes(4).toString('hex')}`, `pipe-b-${randomBytes(4).toString('hex')}`];
    await db.app.transaction((tx) => appendToStream(tx, s1, 0, [{ type: 'A', payload: { n: 1 } }], meta));
    const [b1] = await db.app.transaction((tx) => appendToStream(tx, s2, 0, [{ type: 'B', payload: { n: 1 } }], meta));
    const [onA, onB] = await db.app.transaction((tx) =>
      appendToStreams(
        tx,
        [
          {
            streamId: s1,
            expectedVersion: 1,
            events: [
              { type: 'A', payload: { n: 2 } },
              { type: 'A', payload: { n: 3 } },
            ],
          },
          { streamId: s2, expectedVersion: 1, events: [{ type: 'B', payload: { n: 2 } }], headHash: b1.hash },
        ],
        meta,
      ),
    );
    expect(onA.map((e) => e.streamVersion)).toEqual([2, 3]);
    expect(onB.map((e) => e.streamVersion)).toEqual([2]);
    const positions = [...onA, ...onB].map((e) => BigInt(e.position));
    expect(positions).toEqual([...positions].sort((x, y) => (x < y ? -1 : 1)));
    const report = await verifyLedger(db.app);
    expect(report.problems).toEqual([]);
  });

  it('fails a multi-stream append as a whole on a conflict, naming the stream that moved', async () => {
    const [s1, s2] = [`pipe-c-${randomBytes(4).toString('hex')}`, `pipe-d-${randomBytes(4).toString('hex')}`];
    await db.app.transaction((tx) => appendToStream(tx, s1, 0, [{ type: 'C', payload: {} }], meta));
    await db.app.transaction((tx) =>
      appendToStream(
        tx,
        s2,
        0,
        [
          { type: 'D', payload: {} },
          { type: 'D', payload: {} },
        ],
        meta,
      ),
    );
    const error = await db.app
      .transaction(
        (tx) =>
          appendToStreams(
            tx,
            [
              { streamId: s1, expectedVersion: 1, events: [{ type: 'C', payload: {} }] },
              { streamId: s2, expectedVersion: 1, events: [{ type: 'D', payload: {} }] }, // s2 is at version 2
            ],
            meta,
          ),
        { retry: false },
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConcurrencyError);
    expect((error as ConcurrencyError).detail).toBe(`stream ${s2} moved past version 1`);
    const rows = await db.app.query<{ n: number }>('select count(*)::int as n from events where stream_id = any($1)', [
      [s1, s2],
    ]);
    expect(rows[0].n).toBe(3); // nothing of the failed append, s1's event included
  });

  it('throws the failing projection statement, not the "transaction aborted" of the statements behind it', async () => {
    const twoSteps: Projection = {
      name: 'two-steps',
      tables: [],
      handles: ['PipeProbe'],
      project: () => [
        { text: 'select 1', params: [] },
        { text: 'select 2', params: [] },
      ],
    };
    const failing: Projection = {
      name: 'failing',
      tables: [],
      handles: ['PipeProbe'],
      project: () => [
        { text: 'select 1/0', params: [] },
        { text: 'select 3', params: [] },
      ],
    };
    const runner = new ProjectionRunner([failing, twoSteps]);
    expect(runner.statements([probe('PipeProbe')]).map((s) => s.text)).toEqual([
      'select 1/0',
      'select 3',
      'select 1',
      'select 2',
    ]);
    const error = await db.app
      .transaction((tx) => runner.apply(tx, [probe('PipeProbe')]), { retry: false })
      .catch((e: unknown) => e);
    expect(sqlState(error)).toBe('22012');
  });

  /**
   * A read first (BEGIN goes out with it, so a "last" append can really send COMMIT in its write),
   * then the append; checks whether COMMIT went in the append's write (`committed`, default `last`).
   */
  const appendAfterRead = async (tx: LedgerTx, stream: string, type: string, last: boolean, committed = last) => {
    await tx.query('select 1');
    const appending = tx.append(stream, 0, [{ type, payload: {} }], { last });
    await appending.catch(() => undefined);
    expect(tx.sql.sentCommit !== null).toBe(committed);
    return appending;
  };

  const idleInTransaction = async () =>
    (
      await db.owner.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'",
      )
    )[0].n;

  it('ends a transaction only after every statement it started, and refuses statements after its end', async () => {
    // Branch A fails at once; branch B is still sleeping when it does. B's insert must not run
    // after the ROLLBACK (where it would commit on its own) nor in the next transaction on the client.
    const stream = `pipe-late-${randomBytes(4).toString('hex')}`;
    let late: Promise<unknown> = Promise.resolve();
    const error = await db.app
      .transaction(
        async (tx) => {
          late = tx
            .query('select pg_sleep(0.2)')
            .then(() => appendToStream(tx, stream, 0, [{ type: 'Late', payload: {} }], meta));
          await Promise.all([Promise.reject(new Error('branch A failed')), late]);
        },
        { retry: false },
      )
      .catch((e: unknown) => e);
    expect((error as Error).message).toBe('branch A failed');
    await expect(late).rejects.toThrow(/statement after the end of its transaction/);
    expect(await db.app.query('select 1 from events where stream_id = $1', [stream])).toHaveLength(0);
    expect(await idleInTransaction()).toBe(0);
  });

  it('fails a transaction whose statement failed unobserved, instead of reporting a COMMIT that rolled back', async () => {
    const stream = `pipe-swallowed-${randomBytes(4).toString('hex')}`;
    const error = await db.app
      .transaction(
        async (tx) => {
          await appendToStream(tx, stream, 0, [{ type: 'Kept', payload: {} }], meta);
          void tx.query('select 1/0').catch(() => undefined); // a failure nobody looks at
          return 'ok';
        },
        { retry: false },
      )
      .catch((e: unknown) => e);
    expect(sqlState(error) ?? (error as Error).message).toMatch(/22012|rolled back at COMMIT/);
    expect(await db.app.query('select 1 from events where stream_id = $1', [stream])).toHaveLength(0);
    expect(await idleInTransaction()).toBe(0);
  });

  it.each([false, true])(
    'leaves no event when a projection sent in the same write as the insert fails (COMMIT in that write too: %s)',
    async (last) => {
      const stream = `pipe-projection-${randomBytes(4).toString('hex')}`;
      const failing: Projection = {
        name: 'failing',
        tables: [],
        handles: ['Doomed'],
        project: () => [{ text: 'select 1/0', params: [] }],
      };
      const ledger = new Ledger(db.app, new ProjectionRunner([failing]));
      await expect(ledger.run(meta, (tx) => appendAfterRead(tx, stream, 'Doomed', last))).rejects.toMatchObject({
        code: '22012',
      });
      expect(await db.app.query('select 1 from events where stream_id = $1', [stream])).toHaveLength(0);
      expect(await idleInTransaction()).toBe(0);
    },
  );

  it('checks a conditional projection change inside PostgreSQL: no row changed is an InvariantViolation and nothing is written, even with COMMIT in the same write', async () => {
    const stream = `pipe-check-${randomBytes(4).toString('hex')}`;
    const checked: Projection = {
      name: 'checked',
      tables: [],
      handles: ['Checked'],
      // no member has this uid: the update changes no row
      project: (event) => [
        exactlyOneRow(
          'update members set version = version where uid = $1',
          ['ZZZZZZ'],
          `nothing to change for ${event.streamId}`,
        ),
      ],
    };
    const ledger = new Ledger(db.app, new ProjectionRunner([checked]));
    for (const last of [false, true]) {
      const error = await ledger
        .run(meta, (tx) => appendAfterRead(tx, stream, 'Checked', last))
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvariantViolation);
      expect((error as Error).message).toBe(`Invariant violated: nothing to change for ${stream}`);
    }
    expect(await db.app.query('select 1 from events where stream_id = $1', [stream])).toHaveLength(0);
    expect(await idleInTransaction()).toBe(0);
  });

  it('sends nothing when a projection refuses an event while its statements are planned', async () => {
    const stream = `pipe-refused-${randomBytes(4).toString('hex')}`;
    const refusing: Projection = {
      name: 'refusing',
      tables: [],
      handles: ['Refused'],
      project: () => {
        throw new InvariantViolation('refused while planning');
      },
    };
    const ledger = new Ledger(db.app, new ProjectionRunner([refusing]));
    await expect(
      ledger.run(meta, (tx) => tx.append(stream, 0, [{ type: 'Refused', payload: {} }], { last: true })),
    ).rejects.toBeInstanceOf(InvariantViolation);
    expect(await db.app.query('select 1 from events where stream_id = $1', [stream])).toHaveLength(0);
  });

  it('converts every parameter before anything is sent: a value pg cannot send leaves no event, even with COMMIT in the write', async () => {
    // pg rejects such a statement without the server seeing an error, so the transaction would not fail by itself
    const stream = `pipe-bind-${randomBytes(4).toString('hex')}`;
    const unsendable: Projection = {
      name: 'unsendable',
      tables: [],
      handles: ['Unsendable'],
      project: () => [
        {
          text: 'select $1::text',
          params: [
            {
              toPostgres: () => {
                throw new Error('cannot convert');
              },
            },
          ],
        },
      ],
    };
    const ledger = new Ledger(db.app, new ProjectionRunner([unsendable]));
    await expect(ledger.run(meta, (tx) => appendAfterRead(tx, stream, 'Unsendable', true, false))).rejects.toThrow(
      'cannot convert',
    );
    expect(await db.app.query('select 1 from events where stream_id = $1', [stream])).toHaveLength(0);
    expect(await idleInTransaction()).toBe(0);
  });

  it('sends COMMIT with a "last" append only when no other append of the transaction is in progress', async () => {
    const [s1, s2] = [`pipe-both-a-${randomBytes(4).toString('hex')}`, `pipe-both-b-${randomBytes(4).toString('hex')}`];
    const ledger = new Ledger(db.app, new ProjectionRunner([]));
    await ledger.run(meta, async (tx) => {
      await tx.query('select 1');
      await Promise.all([
        tx.append(s1, 0, [{ type: 'Both', payload: {} }], { last: true }),
        tx.append(s2, 0, [{ type: 'Both', payload: {} }]),
      ]);
      expect(tx.sql.sentCommit).toBeNull(); // COMMIT came after both, as usual
    });
    expect(
      await db.app.query('select stream_id from events where stream_id = any($1) order by stream_id', [[s1, s2]]),
    ).toEqual([{ stream_id: s1 }, { stream_id: s2 }]);
  });

  it('commits a last append with its projections in one write; positions come back, projections took them in SQL; nothing may follow', async () => {
    const stream = `pipe-last-${randomBytes(4).toString('hex')}`;
    const table = `pipe_last_${randomBytes(3).toString('hex')}`;
    await db.owner.execute(`create table ${table} (position bigint primary key, stream text not null)`);
    await db.owner.execute(`grant select, insert on ${table} to sahyog_app`);
    const positioned: Projection = {
      name: 'positioned',
      tables: [table],
      handles: ['Positioned'],
      project: (event) => [
        {
          text: `insert into ${table} (position, stream) values (${eventPosition(1, 2)}, $1)`,
          params: [event.streamId, event.streamVersion],
        },
      ],
    };
    const ledger = new Ledger(db.app, new ProjectionRunner([positioned]));
    const [stored] = await ledger.run(meta, async (tx) => {
      await tx.query('select 1'); // BEGIN goes with it, so COMMIT can go with the append
      const appended = await tx.append(stream, 0, [{ type: 'Positioned', payload: {} }], { last: true });
      expect(tx.sql.sentCommit).not.toBeNull();
      return appended;
    });
    expect(await db.app.query(`select position::text as position from ${table}`)).toEqual([
      { position: stored.position },
    ]);

    const after = `${stream}-after`;
    const error = await ledger
      .run(meta, async (tx) => {
        await tx.query('select 1');
        await tx.append(after, 0, [{ type: 'Positioned', payload: {} }], { last: true });
        await tx.query('select 1');
      })
      .catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/statement after the end of its transaction/);
    // the append itself committed with its COMMIT; the caller was told loudly that its code is wrong
    expect(await db.app.query('select 1 from events where stream_id = $1', [after])).toHaveLength(1);
    expect(await idleInTransaction()).toBe(0);
  });

  it('keeps the transaction open after a "last" append when an idempotent command still has to record its response', async () => {
    const stream = `pipe-idem-${randomBytes(4).toString('hex')}`;
    const ledger = new Ledger(db.app, new ProjectionRunner([]));
    const idempotency = { scope: 'pipeline-test', key: randomBytes(8).toString('hex'), request: { stream } };
    const first = await ledger.run(
      meta,
      async (tx) => (await tx.append(stream, 0, [{ type: 'Idem', payload: {} }], { last: true }))[0].position,
      { idempotency },
    );
    const again = await ledger.run(
      meta,
      async (tx) => (await tx.append(stream, 0, [{ type: 'Idem', payload: {} }], { last: true }))[0].position,
      { idempotency },
    );
    expect(again).toBe(first);
    expect(await db.app.query('select 1 from events where stream_id = $1', [stream])).toHaveLength(1);
  });
});
