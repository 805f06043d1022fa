import fc from 'fast-check';
import request from 'supertest';
import { Network } from './support/network';
import {
  anyBody,
  junk,
  mangled,
  nullBodies,
  PROTOTYPE_KEY_OBJECTS,
  prototypeKeyBodies,
  RUNS,
  WriteWatch,
  type Writes,
} from './support/fuzz';
import { ROOT, seedBasics } from './support/seed';
import { startTestApp, TestApp } from './support/test-app';

const BASES: Array<[string, Record<string, unknown>]> = [
  ['/api/DownlineReport', { uid: ROOT, fdate: '', tdate: '', status: '2', position: '0', lvl: '100', limit: 2 }],
  ['/api/DirectReport', { uid: ROOT, fdate: '', tdate: '', status: '2', position: '0', offset: 1 }],
  ['/api/LevelDetails', { uid: ROOT, fdate: '', tdate: '', status: '2', leveltype: '0', after: '1.100001.1' }],
  ['/api/TeamTree', { uid: ROOT, root: ROOT, depth: 3, after: '1.100001.1' }],
];

/** Cursors, levels and paging numbers near and past every edge, as numbers and as text. */
const edgy = fc.oneof(
  junk,
  fc.constantFrom('0', '1', '15', '16', '100', '101', '1000', '1001', '100000', '100001', '-1', '1.5', '1e3'),
  fc.constantFrom(
    '1.100000.0',
    '999999999.999999.999999999999',
    '0.100000.1',
    '1.100000.-1',
    '1..1',
    '2147483648.100000.1',
  ),
  fc.integer({ min: -3, max: 2_000_000_000 }),
);

/** The team calls answer reads only: whatever the body, never a 5xx and never a write. */
describe('fuzz: the team calls (network/)', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp();
    await seedBasics(t.db.app);
    const net = new Network(t);
    const [first] = await net.chain(3);
    await net.register(first);
    token = await net.token(ROOT);
  });
  afterAll(() => t.close());
  // After the app has started (its beforeAll runs first).
  const watch = new WriteWatch(() => t.db.owner);
  beforeAll(() => watch.init());
  const probe = (send: () => request.Test, call?: Writes) => watch.probe(send, call);

  const send = (path: string, body: unknown, type = 'application/json') =>
    request(t.app.getHttpServer())
      .post(path)
      .set('Content-Type', type)
      .set('Authorization', `Bearer ${token}`)
      .send(typeof body === 'string' ? body : JSON.stringify(body));
  const read = { writes: 'never' } as const;

  it.each(BASES)('POST %s with mangled and junk bodies', async (path, base) => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(mangled(base), anyBody), async (body) => {
        await probe(() => send(path, body), read);
      }),
      { numRuns: RUNS },
    );
  });

  it.each(BASES)('POST %s with edge values in every field', async (path, base) => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...Object.keys(base).filter((k) => k !== 'uid')), edgy, async (field, value) => {
        const res = await probe(() => send(path, { ...base, [field]: value }), read);
        // A read either answers its rows and page info, or refuses with a 400 (403 for a tree root outside the team).
        expect([200, 400, 403]).toContain(res.status);
        if (res.status === 200) expect(Array.isArray(res.body) && Array.isArray(res.body[0])).toBe(true);
        else expect(typeof res.body.result).toBe('string');
      }),
      { numRuns: RUNS },
    );
  });

  it.each(BASES)('POST %s with null in any field, and in all of them', async (path, base) => {
    for (const body of nullBodies(base)) await probe(() => send(path, body), read);
  });

  // Issue 18 §5: objects with own toString/valueOf/constructor/__proto__ in any field, or as the body.
  it.each(BASES)('POST %s refuses objects with prototype keys in any field with 400', async (path, base) => {
    for (const body of [...prototypeKeyBodies(base), ...PROTOTYPE_KEY_OBJECTS]) {
      const res = await probe(() => send(path, body), read);
      expect([JSON.stringify(body), res.status, typeof res.body.result]).toEqual([JSON.stringify(body), 400, 'string']);
    }
  });

  it.each(BASES)('POST %s with bodies that are not JSON at all', async (path) => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 200 }),
        fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'),
        async (raw, type) => {
          await probe(() => send(path, raw, type), read);
        },
      ),
      { numRuns: RUNS / 2 },
    );
  });
});
