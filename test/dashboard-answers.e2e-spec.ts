import request from 'supertest';
import { Database } from '../src/platform/db/database';
import { Network } from './support/network';
import { ROOT, seedBasics } from './support/seed';
import { startTestApp, TestApp } from './support/test-app';

/** Issue 22 §2 (decision 0058): a member's dashboard is kept while nothing commits, never past a change. */
describe('userDashboard kept while the database is unchanged', () => {
  let t: TestApp;
  let net: Network;
  let member: string;

  beforeAll(async () => {
    t = await startTestApp();
    await seedBasics(t.db.app);
    net = new Network(t);
    member = await net.register(ROOT, 'Kept Dashboard');
  }, 120_000);
  afterAll(() => t.close());

  const dashboard = async (uid = member) => {
    const res = await net.as(uid, '/api/userDashboard', { uid });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    return res.body as Array<Record<string, string>>;
  };
  const countReads = () => jest.spyOn(t.app.get(Database), 'reads');

  it('answers a second call from memory while nothing has committed: the same body, no reads', async () => {
    // The snapshot is the whole server's: a commit in another test file's database moves it too (and
    // makes the next call read afresh, rightly). So look for two calls with nothing committed between
    // them; without the kept answers every second call reads, and none is found.
    const first = await dashboard();
    let keptCalls = 0;
    for (let attempt = 0; attempt < 200 && keptCalls === 0; attempt++) {
      await dashboard();
      const reads = countReads();
      try {
        expect(await dashboard()).toEqual(first);
        if (reads.mock.calls.length === 0) keptCalls++;
      } finally {
        reads.mockRestore();
      }
    }
    expect(keptCalls).toBe(1);
    expect(first).toEqual([expect.objectContaining({ uid: member, f_name: 'Kept Dashboard', totalrefferal: '0' })]);
  });

  it('reads afresh after any commit: a new member of the team (the ledger), a row written behind the ledger', async () => {
    await dashboard();
    const reads = countReads();
    try {
      await net.register(member, 'Kept Direct');
      const [afterJoin] = await dashboard();
      expect(afterJoin).toMatchObject({ totalrefferal: '1', totalteam: '1' });
      expect(reads).toHaveBeenCalledTimes(1);
      // Any commit moves the snapshot, whichever table and whoever wrote it (here the owner, behind the ledger).
      const [{ day }] = await t.db.owner.query<{ day: string }>(
        `select ((now() at time zone 'Asia/Kolkata')::date)::text as day`,
      );
      await t.db.owner.execute(
        `insert into help_link_days (day, links, amount_paise) values ($1::date - 1, 3, 30000)`,
        [day],
      );
      try {
        expect((await dashboard())[0]).toMatchObject({ matchedLinks7d: '3', matchedRupees7d: '300.00' });
        expect(reads).toHaveBeenCalledTimes(2);
      } finally {
        await t.db.owner.execute(`delete from help_link_days where day < $1::date`, [day]);
      }
      expect((await dashboard())[0]).toMatchObject({ matchedLinks7d: '0', matchedRupees7d: '0.00' });
      expect(reads).toHaveBeenCalledTimes(3);
    } finally {
      reads.mockRestore();
    }
  });

  it('still checks the session on every call: a blocked member is refused though their answer is kept', async () => {
    const uid = await net.register(ROOT, 'Kept Then Blocked');
    await dashboard(uid);
    await dashboard(uid);
    // Block by the database alone (no cache of ours is told): the next call is refused.
    await request(t.app.getHttpServer())
      .post(`/admin-api/members/${uid}/block`)
      .set('Authorization', `Bearer ${await net.admin()}`)
      .send({ remark: 'check' })
      .expect(200);
    const refused = await net.as(uid, '/api/userDashboard', { uid });
    expect(refused.status).toBe(401);
  });

  it('keeps nothing with DASHBOARD_CACHE_ENTRIES=0', async () => {
    const off = await startTestApp({ DASHBOARD_CACHE_ENTRIES: '0' });
    try {
      await seedBasics(off.db.app);
      const offNet = new Network(off);
      const uid = await offNet.register(ROOT, 'Never Kept');
      const reads = jest.spyOn(off.app.get(Database), 'reads');
      for (let i = 0; i < 3; i++) expect((await offNet.as(uid, '/api/userDashboard', { uid })).status).toBe(200);
      expect(reads).toHaveBeenCalledTimes(3);
    } finally {
      delete process.env.DASHBOARD_CACHE_ENTRIES;
      await off.close();
    }
  }, 120_000);
});
