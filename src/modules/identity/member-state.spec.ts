import { Sql } from '../../platform/db/sql';
import { loadMemberSession } from './member-state';

const row = (uid: string) => ({
  uid,
  name: `Member ${uid}`,
  email: `${uid}@sahyog.test`,
  status: 'Active',
  blocked: false,
  isagree: true,
  credential_version: 1,
  session_epoch: 0,
  must_change_password: false,
  version: 1,
  read_state: '5:9:7@1',
  read_at: new Date('2026-11-28T10:00:00Z'),
});

/** A connection whose first statement is held until `release()`; later ones answer at once. */
function heldSql(missing: string[] = [], failWith?: Error) {
  const statements: string[][] = [];
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const sql: Sql = {
    query: (async (_text: string, params: unknown[] = []) => {
      const uids = params[0] as string[];
      statements.push(uids);
      if (statements.length === 1) await held;
      if (failWith) throw failWith;
      return uids.filter((uid) => !missing.includes(uid)).map(row);
    }) as Sql['query'],
    execute: () => Promise.reject(new Error('not used')),
  };
  return { sql, statements, release: () => release() };
}

describe('session checks in turn (decision 0058)', () => {
  it('sends the checks that arrive while one is out together in the next statement, each answered for its member', async () => {
    const { sql, statements, release } = heldSql(['100009']);
    const first = loadMemberSession(sql, '100001');
    const later = ['100002', '100003', '100002', '100009'].map((uid) => loadMemberSession(sql, uid));
    await new Promise((resolve) => setImmediate(resolve));
    expect(statements).toEqual([['100001']]);
    release();
    const [a, b, c, d, e] = await Promise.all([first, ...later]);
    expect(statements).toEqual([['100001'], ['100002', '100003', '100009']]);
    expect([a, b, c, d].map((s) => s?.member.uid)).toEqual(['100001', '100002', '100003', '100002']);
    expect(e).toBeNull();
    expect(a?.readState).toEqual({ state: '5:9:7@1', at: new Date('2026-11-28T10:00:00Z') });
    // Nothing out any more: a lone call goes at once.
    await loadMemberSession(sql, '100004');
    expect(statements.at(-1)).toEqual(['100004']);
  });

  it('gives a failure to every call waiting on the statement, and asks nothing for an id that is no uid', async () => {
    const down = new Error('connection terminated');
    const { sql, statements, release } = heldSql([], down);
    const calls = ['100001', '100002', '100003'].map((uid) => loadMemberSession(sql, uid));
    expect(await loadMemberSession(sql, 'not-a-uid')).toBeNull();
    release();
    for (const call of calls) await expect(call).rejects.toBe(down);
    expect(statements).toEqual([['100001'], ['100002', '100003']]);
  });
});
