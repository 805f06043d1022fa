import request from 'supertest';
import { Network } from './support/network';
import { seedBasics } from './support/seed';
import { startTestApp, TestApp, testRedisUrl } from './support/test-app';

/** Every react-admin list of the admin API (admin-web/src/App.tsx), as its path under /admin-api. */
const LISTS = [
  'members',
  'events',
  'epins',
  'epin-requests',
  'payment-orders',
  'payment-options',
  'help-requests',
  'level-income',
  'settings',
  'payment-double/orders',
  'queues',
  'failed-jobs',
  'mails',
  'admin-users',
  'tickets',
  'news',
  'four-eyes',
];

/** Lists whose `id` is their sort key, with how two ids compare (text or number). */
const ORDERED_BY_ID: Record<string, (a: unknown, b: unknown) => number> = {
  members: (a, b) => String(a).localeCompare(String(b)),
  events: (a, b) => Number(a) - Number(b),
  epins: (a, b) => (String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0),
  'admin-users': (a, b) => (String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0),
};

// Proves that react-admin's default sort field `id` works on every admin list: it sorts by the
// resource's key (never a 400), in both directions, with a Content-Range like any other sort.
describe('admin lists accept sort=["id",…]', () => {
  let t: TestApp;
  let net: Network;
  let admin: string;
  const server = () => t.app.getHttpServer();
  const list = (path: string, query: Record<string, string>) =>
    request(server()).get(`/admin-api/${path}`).query(query).set('Authorization', `Bearer ${admin}`);

  beforeAll(async () => {
    t = await startTestApp({ QUEUE_PREFIX: `sahyog-admin-lists-${process.pid}`, REDIS_URL: testRedisUrl() });
    await seedBasics(t.db.app);
    net = new Network(t);
    admin = await net.admin();
    for (const name of ['Zeta Member', 'Alpha Member', 'Mid Member']) await net.register(undefined, name);
    await net.issue(await net.register(), 3);
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(LISTS)(
    'GET /admin-api/%s with sort ["id","ASC"] and ["id","DESC"] answers 200 with a Content-Range',
    async (path) => {
      for (const order of ['ASC', 'DESC']) {
        const res = await list(path, { sort: JSON.stringify(['id', order]), range: '[0,24]' });
        expect([path, order, res.status]).toEqual([path, order, 200]);
        expect(res.headers['content-range']).toMatch(new RegExp(`^${path} \\d+-\\d+/\\d+$`));
        expect(Array.isArray(res.body)).toBe(true);
      }
    },
  );

  it.each(Object.keys(ORDERED_BY_ID))('GET /admin-api/%s sorted by id follows the key, both ways', async (path) => {
    const compare = ORDERED_BY_ID[path];
    const ids = async (order: string) =>
      (
        (await list(path, { sort: JSON.stringify(['id', order]), range: '[0,99]' }).expect(200)).body as Array<{
          id: unknown;
        }>
      ).map((r) => r.id);
    const ascending = await ids('ASC');
    expect(ascending.length).toBeGreaterThan(1);
    expect(ascending).toEqual([...ascending].sort(compare));
    expect(await ids('DESC')).toEqual([...ascending].reverse());
  });

  it('members: the case of the issue — sort=["id","ASC"] is the member id order', async () => {
    const res = await list('members', { sort: '["id","ASC"]' }).expect(200);
    const uids = (res.body as Array<{ uid: string }>).map((m) => m.uid);
    expect(uids).toEqual([...uids].sort());
    expect(res.headers['content-range']).toBe(`members 0-${uids.length - 1}/${uids.length}`);
  });

  it('a sort field the list does not offer is still a 400 naming the fields, id among them', async () => {
    const res = await list('members', { sort: '["password","ASC"]' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'sort must be one of uid, name, registered_at, status, sponsor_uid, blocked, id with ASC or DESC',
    );
  });
});
