import fc from 'fast-check';
import request from 'supertest';
import { MULTILINE_FIELDS, UNSTORABLE_TEXT_MESSAGE } from '../src/platform/http/unstorable-text';
import {
  anyBody,
  junk,
  mangled,
  nullBodies,
  PROTOTYPE_KEY_JSON,
  PROTOTYPE_KEY_OBJECTS,
  prototypeKeyBodies,
  RUNS,
  WriteWatch,
  type Writes,
} from './support/fuzz';
import { ADMIN_PASSWORD, PASSWORD, ROOT, seedBasics } from './support/seed';
import { startTestApp, TestApp } from './support/test-app';

/** One call of the support and news slice (issue 12), with what it may write. */
interface Call extends Writes {
  method: 'post' | 'put';
  path: string;
  base: Record<string, unknown>;
  auth: 'member' | 'admin';
}

/**
 * Fuzz over the support and news calls, member and admin: malformed input never answers 5xx,
 * and a refusal (4xx, or a 200 that is not the success answer) writes nothing.
 */
describe('fuzz: support and news calls never answer 5xx and never write on bad input', () => {
  let t: TestApp;
  let memberToken: string;
  let adminToken: string;
  let ticket = 'TK000000000000';
  let news = 'NW000000000000';
  const server = () => t.app.getHttpServer();
  const watch = new WriteWatch(() => t.db.owner);

  beforeAll(async () => {
    t = await startTestApp();
    await seedBasics(t.db.app);
    await watch.init();
    memberToken = (await request(server()).post('/api/login').send({ uid: ROOT, password: PASSWORD })).body.token;
    adminToken = (
      await request(server()).post('/admin-api/auth/login').send({ username: 'superadmin', password: ADMIN_PASSWORD })
    ).body.token;
    await request(server())
      .post('/api/Helpdesk_By_User')
      .set('Authorization', `Bearer ${memberToken}`)
      .send({ query: 'a real ticket' })
      .expect(200);
    const [row] = await t.db.owner.query<{ id: string }>('select id from tickets limit 1');
    ticket = row.id;
    news = (
      await request(server())
        .post('/admin-api/news')
        .set('Authorization', `Bearer ${adminToken}`)
        .send({ content: 'a real news item' })
        .expect(201)
    ).body.id;
  });
  afterAll(() => t.close());

  const sent = (body: unknown) => body === 'Successfully send query';
  const calls = (): Call[] => [
    {
      method: 'post',
      path: '/api/Helpdesk_By_User',
      base: { uid: ROOT, query: 'Help me' },
      auth: 'member',
      writes: sent,
    },
    { method: 'post', path: '/api/UserHelpDeskHistory', base: { uid: ROOT }, auth: 'member', writes: 'never' },
    { method: 'post', path: '/api/UserNews', base: { uid: ROOT, type: '1' }, auth: 'member', writes: 'never' },
    {
      method: 'post',
      path: '/api/GetIncomeReport',
      base: { uid: ROOT, fdate: '', tdate: '', type: 'news' },
      auth: 'member',
      writes: 'never',
    },
    {
      method: 'post',
      path: `/admin-api/tickets/${ticket}/reply`,
      base: { message: 'Answer' },
      auth: 'admin',
      writes: 'any',
    },
    { method: 'post', path: '/admin-api/news', base: { content: 'News', hidden: false }, auth: 'admin', writes: 'any' },
    {
      method: 'put',
      path: `/admin-api/news/${news}`,
      base: { content: 'News', hidden: true },
      auth: 'admin',
      writes: 'any',
    },
    {
      method: 'put',
      path: '/admin-api/settings/contactAdminUrl',
      base: { value: 'https://wa.me/919800000000' },
      auth: 'admin',
      writes: 'any',
    },
  ];

  function send(call: Call, body: unknown, type = 'application/json'): request.Test {
    const req = request(server())
      [call.method](call.path)
      .set('Content-Type', type)
      .set('Authorization', `Bearer ${call.auth === 'member' ? memberToken : adminToken}`);
    return req.send(typeof body === 'string' ? body : JSON.stringify(body));
  }

  it('every call with mangled JSON bodies, any JSON at all, and bodies that are not JSON', async () => {
    for (const call of calls()) {
      await fc.assert(
        fc.asyncProperty(fc.oneof(mangled(call.base), anyBody), async (body) => {
          await watch.probe(() => send(call, body), call);
        }),
        { numRuns: RUNS },
      );
      await fc.assert(
        fc.asyncProperty(
          fc.string({ maxLength: 200 }),
          fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'),
          async (raw, type) => {
            await watch.probe(() => send(call, raw, type), call);
          },
        ),
        { numRuns: RUNS / 2 },
      );
    }
  });

  it('null in any field of any call, and in all of them at once: never a 5xx, a refusal writes nothing', async () => {
    for (const call of calls())
      for (const body of nullBodies(call.base)) await watch.probe(() => send(call, body), call);
  });

  it('a NUL, a lone surrogate or a control character in any field is a 400 that writes nothing (line breaks only in multi-line fields)', async () => {
    for (const call of calls()) {
      for (const key of Object.keys(call.base)) {
        for (const bad of [
          'a\u0000b',
          'x\ud800',
          'a\u0007b',
          '\u001b[2J',
          'a\u0085',
          ...(MULTILINE_FIELDS.has(key) ? [] : ['a\r\nb', '\t']),
        ]) {
          const res = await watch.probe(() => send(call, { ...call.base, [key]: bad }), call);
          expect([call.path, key, bad, res.status, res.body.result]).toEqual([
            call.path,
            key,
            bad,
            400,
            UNSTORABLE_TEXT_MESSAGE,
          ]);
        }
      }
    }
  });

  // Issue 18 §5: objects with own toString/valueOf/constructor/__proto__ in any field, as the body, and in the lists' query.
  it('objects with prototype keys in any field of any call, or as the body, are a 400 that writes nothing', async () => {
    for (const call of calls()) {
      for (const body of [...prototypeKeyBodies(call.base), ...PROTOTYPE_KEY_OBJECTS]) {
        const res = await watch.probe(() => send(call, body), call);
        expect([call.path, JSON.stringify(body), res.status, typeof res.body.result]).toEqual([
          call.path,
          JSON.stringify(body),
          400,
          'string',
        ]);
      }
    }
    for (const resource of ['tickets', 'news'])
      for (const json of PROTOTYPE_KEY_JSON)
        for (const query of [{ sort: `[${json},"ASC"]` }, { range: `[${json},9]` }, { filter: `{"q":${json}}` }]) {
          const res = await watch.probe(() =>
            request(server()).get(`/admin-api/${resource}`).query(query).set('Authorization', `Bearer ${adminToken}`),
          );
          expect([resource, JSON.stringify(query), res.status]).toEqual([resource, JSON.stringify(query), 400]);
        }
  });

  it('ticket and news actions with junk ids and junk bodies', async () => {
    const id = fc.oneof(
      fc.constantFrom('TK000000000000', 'NW000000000000', ticket, news, '0', 'x'.repeat(300), '..'),
      fc.string({ minLength: 1, maxLength: 40 }).filter((s) => !/[/?#%]/.test(s)),
    );
    await fc.assert(
      fc.asyncProperty(
        id,
        fc.constantFrom('reply', 'close', 'news', 'show-ticket', 'show-news'),
        fc.oneof(junk, anyBody, fc.record({ message: junk, content: junk, hidden: junk }, { requiredKeys: [] })),
        async (target, action, body) => {
          const path = encodeURIComponent(target);
          const auth = `Bearer ${adminToken}`;
          const req =
            action === 'news'
              ? request(server()).put(`/admin-api/news/${path}`).set('Authorization', auth).send(JSON.stringify(body))
              : action === 'show-ticket'
                ? request(server()).get(`/admin-api/tickets/${path}`).set('Authorization', auth)
                : action === 'show-news'
                  ? request(server()).get(`/admin-api/news/${path}`).set('Authorization', auth)
                  : request(server())
                      .post(`/admin-api/tickets/${path}/${action}`)
                      .set('Authorization', auth)
                      .set('Content-Type', 'application/json')
                      .send(JSON.stringify(body));
          // A real ticket or news item with a good body may change: only the other answers must leave everything as it was.
          await watch.probe(() => req.set('Content-Type', 'application/json'), { writes: 'any' });
        },
      ),
      { numRuns: RUNS },
    );
  });

  it.each(['tickets', 'news'])('GET /admin-api/%s with junk sort, range and filter', async (resource) => {
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            sort: fc.oneof(fc.string(), fc.json(), fc.constantFrom('["raisedAt","DESC"]', '["publishedAt","ASC"]')),
            range: fc.oneof(fc.string(), fc.json(), fc.constant('[0,9]')),
            filter: fc.oneof(
              fc.string(),
              fc.json(),
              fc.constantFrom('{"status":"open"}', '{"hidden":"true"}', '{"q":"%_\\\\"}', '{"member":"1000000"}'),
            ),
          },
          { requiredKeys: [] },
        ),
        async (query) => {
          await watch.probe(() =>
            request(server()).get(`/admin-api/${resource}`).query(query).set('Authorization', `Bearer ${adminToken}`),
          );
        },
      ),
      { numRuns: RUNS },
    );
  });
});
