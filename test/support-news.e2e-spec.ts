import request from 'supertest';
import { LEDGER_CHECKS } from '../src/modules/ledger-audit/checks';
import { replayLedger } from '../src/modules/ledger-audit/replay';
import { verifyLedger } from '../src/modules/ledger-audit/verify';
import { ALL_PROJECTIONS } from '../src/modules/projections';
import { ProjectionRunner } from '../src/platform/projections/projection';
import { Network } from './support/network';
import { ADMIN_PASSWORD, eventCount, ROOT, seedBasics } from './support/seed';
import { startTestApp, TestApp } from './support/test-app';

/** Issue 12, support and news: the help desk (tickets), news, CONTACT ADMIN's link; every error text, IDOR, replay. */
describe('support and news', () => {
  let t: TestApp;
  let net: Network;
  const tokens = new Map<string, string>();
  const server = () => t.app.getHttpServer();

  beforeAll(async () => {
    t = await startTestApp();
    await seedBasics(t.db.app);
    net = new Network(t);
    // A login is itself an event: sign every admin in before the tests count events.
    for (const role of ['superadmin', 'approver', 'support', 'auditor']) await adminToken(role);
  });
  afterAll(() => t.close());

  async function adminToken(role: string): Promise<string> {
    const cached = tokens.get(role);
    if (cached) return cached;
    const res = await request(server())
      .post('/admin-api/auth/login')
      .send({ username: role, password: ADMIN_PASSWORD });
    tokens.set(role, res.body.token);
    return res.body.token;
  }
  const admin = async (role: string, method: 'get' | 'post' | 'put', path: string, body?: unknown) => {
    const req = request(server())
      [method](`/admin-api/${path}`)
      .set('Authorization', `Bearer ${await adminToken(role)}`);
    return body === undefined ? req : req.send(body as object);
  };
  const raise = (uid: string, query: unknown) => net.as(uid, '/api/Helpdesk_By_User', { uid, query });
  const history = async (uid: string) => (await net.as(uid, '/api/UserHelpDeskHistory', { uid })).body[0];
  const unchanged = async (work: () => Promise<unknown>) => {
    const before = await eventCount(t.db.app);
    await work();
    expect(await eventCount(t.db.app)).toBe(before);
  };

  let asha: string;
  let ravi: string;
  let ticket: string;

  it('a member raises a query: every error text, then Successfully send query and the Record row (open)', async () => {
    asha = await net.register(ROOT, 'Asha Rao');
    ravi = await net.register(ROOT, 'Ravi Kumar');
    await Promise.all([net.token(asha), net.token(ravi)]);
    await unchanged(async () => {
      for (const query of ['', '   ', '\n\t', undefined]) {
        const res = await raise(asha, query);
        expect([res.status, res.body]).toEqual([200, 'Please enter your query']);
      }
      const long = await raise(asha, 'x'.repeat(1001));
      expect([long.status, long.body.result]).toEqual([400, 'Your query must be at most 1000 characters']);
      const typed = await raise(asha, 12345);
      expect([typed.status, typed.body.result]).toEqual([400, 'query must be text']);
    });
    const sent = await raise(asha, '  My PH link expired before I could pay.\nWhat now?  ');
    expect([sent.status, sent.headers['content-type'], sent.body]).toEqual([
      200,
      'application/json; charset=utf-8',
      'Successfully send query',
    ]);
    const rows = await history(asha);
    expect(rows).toEqual([
      {
        row: 1,
        user_id: asha,
        ticket_id: expect.stringMatching(/^TK[0-9A-F]{12}$/),
        query: 'My PH link expired before I could pay.\nWhat now?',
        status: 'open',
        reply_message: '',
        ee: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
    ticket = rows[0].ticket_id;
    // The event names the member as its actor.
    const [event] = await t.db.owner.query<{ actor: { kind: string; id: string } }>(
      "select metadata->'actor' as actor from events where stream_id = $1",
      [`ticket-${ticket}`],
    );
    expect(event.actor).toEqual({ kind: 'member', id: asha });
  });

  it('support replies, the member sees the reply (replied, green); approver replies again; closed takes no more', async () => {
    const empty = await admin('support', 'post', `tickets/${ticket}/reply`, { message: '  \n ' });
    expect([empty.status, empty.body.result]).toEqual([400, 'Please enter a reply']);
    const replied = await admin('support', 'post', `tickets/${ticket}/reply`, {
      message: 'We extended nothing: the link returned to the queue.\nYou will be matched again.',
    });
    expect([replied.status, replied.body]).toEqual([200, { id: ticket, status: 'replied' }]);
    expect(await history(asha)).toMatchObject([
      { ticket_id: ticket, status: 'replied', reply_message: expect.stringContaining('You will be matched again.') },
    ]);
    expect((await admin('approver', 'post', `tickets/${ticket}/reply`, { message: 'Matched now.' })).status).toBe(200);
    expect((await history(asha))[0].reply_message).toBe('Matched now.');

    const shown = await admin('support', 'get', `tickets/${ticket}`);
    expect(shown.body).toMatchObject({
      id: ticket,
      member: asha,
      status: 'replied',
      replies: 2,
      reply: 'Matched now.',
      repliedBy: 'approver',
    });
    expect(shown.body.history.map((h: { type: string; actor: string }) => [h.type, h.actor])).toEqual([
      ['TicketRaised', `member:${asha}`],
      ['TicketReplied', 'admin:support'],
      ['TicketReplied', 'admin:approver'],
    ]);

    expect(await admin('support', 'post', `tickets/${ticket}/close`, {})).toMatchObject({
      status: 200,
      body: { id: ticket, status: 'closed' },
    });
    expect((await history(asha))[0].status).toBe('closed');
    await unchanged(async () => {
      const again = await admin('support', 'post', `tickets/${ticket}/reply`, { message: 'late' });
      expect([again.status, again.body.result]).toEqual([409, `Ticket ${ticket} is closed`]);
      expect((await admin('approver', 'post', `tickets/${ticket}/close`, {})).status).toBe(409);
      expect((await admin('support', 'post', 'tickets/TK000000000000/reply', { message: 'x' })).status).toBe(404);
      expect((await admin('support', 'post', 'tickets/nope/close', {})).status).toBe(404);
    });
  });

  it('roles: the auditor reads tickets with the free texts as tokens and may not answer; a member token is no admin', async () => {
    const list = await admin(
      'auditor',
      'get',
      `tickets?filter=${encodeURIComponent(JSON.stringify({ member: asha }))}`,
    );
    expect(list.status).toBe(200);
    expect(list.body[0]).toMatchObject({
      id: ticket,
      query: expect.stringMatching(/^redacted:[0-9a-f]{32}$/),
      reply: expect.stringMatching(/^redacted:[0-9a-f]{32}$/),
    });
    const shown = await admin('auditor', 'get', `tickets/${ticket}`);
    expect(shown.body.history[1].text).toMatch(/^redacted:/);
    // The auditor's events view hides the same texts.
    const events = await admin(
      'auditor',
      'get',
      `events?filter=${encodeURIComponent(JSON.stringify({ stream_id: `ticket-${ticket}` }))}`,
    );
    expect(JSON.stringify(events.body)).not.toContain('Matched now.');
    await unchanged(async () => {
      expect((await admin('auditor', 'post', `tickets/${ticket}/reply`, { message: 'x' })).status).toBe(403);
      const asMember = await request(server())
        .get('/admin-api/tickets')
        .set('Authorization', `Bearer ${await net.token(asha)}`);
      expect(asMember.status).toBe(401);
    });
  });

  it('limits: 3 queries waiting for a reply, 10 in 24 hours (each refusal writes nothing)', async () => {
    for (let i = 1; i <= 3; i++) expect((await raise(ravi, `question ${i}`)).body).toBe('Successfully send query');
    await unchanged(async () =>
      expect((await raise(ravi, 'question 4')).body).toBe(
        'You already have 3 queries waiting for a reply. Please wait for an answer.',
      ),
    );
    // Answered queries do not wait: up to 10 a day.
    for (let round = 0; round < 3; round++) {
      for (const row of (await history(ravi)).filter((r: { status: string }) => r.status === 'open'))
        await admin('support', 'post', `tickets/${row.ticket_id}/reply`, { message: 'answered' });
      const waiting = (await history(ravi)).length;
      for (let i = waiting; i < Math.min(waiting + 3, 10); i++)
        expect((await raise(ravi, `question ${i + 1}`)).body).toBe('Successfully send query');
    }
    expect((await history(ravi)).length).toBe(10);
    for (const row of (await history(ravi)).filter((r: { status: string }) => r.status === 'open'))
      await admin('support', 'post', `tickets/${row.ticket_id}/reply`, { message: 'answered' });
    await unchanged(async () =>
      expect((await raise(ravi, 'question 11')).body).toBe(
        'You can send at most 10 queries in 24 hours. Please try again later.',
      ),
    );
  });

  it('IDOR: another member sees none of these tickets, and a uid that is not the token’s is refused', async () => {
    const ravisIds = (await history(ravi)).map((r: { ticket_id: string }) => r.ticket_id);
    expect(ravisIds).not.toContain(ticket);
    expect((await history(asha)).map((r: { ticket_id: string }) => r.ticket_id)).toEqual([ticket]);
    await unchanged(async () => {
      for (const [path, body] of [
        ['/api/Helpdesk_By_User', { uid: ravi, query: 'as Ravi' }],
        ['/api/UserHelpDeskHistory', { uid: ravi }],
        ['/api/UserNews', { uid: ravi, type: '1' }],
        ['/api/GetIncomeReport', { uid: ravi, fdate: '', tdate: '', type: 'news' }],
      ] as const) {
        const res = await net.as(asha, path, body);
        expect([path, res.status, res.body.result]).toEqual([path, 403, 'Access denied for this user id']);
      }
      expect((await request(server()).post('/api/UserHelpDeskHistory').send({})).status).toBe(401);
    });
  });

  let first: string;
  let second: string;

  it('news: an approver publishes, members read it newest first (GetIncomeReport news and UserNews), hidden ones vanish', async () => {
    await unchanged(async () => {
      const empty = await admin('approver', 'post', 'news', { content: ' ' });
      expect([empty.status, empty.body.result]).toEqual([400, 'Please enter the news content']);
      const long = await admin('approver', 'post', 'news', { content: 'x'.repeat(2001) });
      expect([long.status, long.body.result]).toEqual([400, 'content must be at most 2000 characters']);
      expect((await admin('support', 'post', 'news', { content: 'from support' })).status).toBe(403);
      expect((await admin('auditor', 'post', 'news', { content: 'from auditor' })).status).toBe(403);
    });
    const a = await admin('approver', 'post', 'news', { content: '  Maintenance on Sunday.\nPlease plan ahead.  ' });
    expect([a.status, a.body]).toMatchObject([
      201,
      { content: 'Maintenance on Sunday.\nPlease plan ahead.', hidden: false, publishedBy: 'approver' },
    ]);
    first = a.body.id;
    second = (await admin('superadmin', 'post', 'news', { content: 'Withdrawals are paid within 48 hours.' })).body.id;
    const draft = (await admin('approver', 'post', 'news', { content: 'Draft', hidden: true })).body.id;

    const report = await net.as(asha, '/api/GetIncomeReport', { uid: asha, fdate: '', tdate: '', type: 'news' });
    expect(report.body).toEqual([
      [
        { row: 1, id: second, content: 'Withdrawals are paid within 48 hours.', dd: expect.any(String) },
        { row: 2, id: first, content: 'Maintenance on Sunday.\nPlease plan ahead.', dd: expect.any(String) },
      ],
    ]);
    const userNews = await net.as(asha, '/api/UserNews', { uid: asha, type: 1 });
    expect(userNews.body.map((n: { id: string }) => n.id)).toEqual([second, first]);
    expect((await net.as(asha, '/api/UserNews', { type: '2' })).status).toBe(400);
    // A day filter in India's calendar: nothing before 2000, everything up to today.
    const none = await net.as(asha, '/api/GetIncomeReport', { fdate: '2000-01-01', tdate: '2000-01-02', type: 'news' });
    expect(none.body).toEqual([[]]);
    expect(draft).toMatch(/^NW[0-9A-F]{12}$/);

    const hidden = await admin('approver', 'put', `news/${second}`, { hidden: true });
    expect(hidden.body).toMatchObject({ id: second, hidden: true });
    expect((await net.as(asha, '/api/UserNews', {})).body.map((n: { id: string }) => n.id)).toEqual([first]);
    const edited = await admin('approver', 'put', `news/${second}`, {
      id: second,
      content: 'Withdrawals are paid within 48 hours of approval.',
      hidden: false,
      publishedAt: 'ignored',
    });
    expect(edited.body).toMatchObject({ content: 'Withdrawals are paid within 48 hours of approval.', hidden: false });
    expect((await net.as(asha, '/api/UserNews', {})).body[0]).toMatchObject({
      id: second,
      content: 'Withdrawals are paid within 48 hours of approval.',
    });
    await unchanged(async () => {
      // Nothing changed: no event.
      expect((await admin('approver', 'put', `news/${second}`, { hidden: false })).status).toBe(200);
      expect((await admin('approver', 'put', 'news/NW000000000000', { hidden: true })).status).toBe(404);
      expect((await admin('approver', 'put', `news/${second}`, { content: '' })).status).toBe(400);
      // a cleared field comes back from react-admin as null: refused with the same text, nothing written
      const cleared = await admin('approver', 'put', `news/${second}`, { content: null, hidden: true });
      expect([cleared.status, cleared.body.result]).toEqual([400, 'Please enter the news content']);
      const nullHidden = await admin('approver', 'put', `news/${second}`, { hidden: null });
      expect([nullHidden.status, nullHidden.body.result]).toEqual([400, 'hidden must be true or false']);
      expect((await admin('support', 'put', `news/${second}`, { hidden: true })).status).toBe(403);
    });
    const list = await admin('auditor', 'get', `news?filter=${encodeURIComponent(JSON.stringify({ hidden: 'true' }))}`);
    expect(list.body.map((n: { id: string }) => n.id)).toEqual([draft]);
    expect(list.headers['content-range']).toBe('news 0-0/1');
  });

  it('CONTACT ADMIN: the dashboard carries the contactAdminUrl setting, changed by an event; a bad link is refused', async () => {
    const dashboard = async () => (await net.as(asha, '/api/userDashboard', {})).body[0];
    expect((await dashboard()).contactAdminUrl).toBe('');
    await unchanged(async () => {
      for (const value of ['http://wa.me/91', 'javascript:alert(1)', 42]) {
        const res = await admin('superadmin', 'put', 'settings/contactAdminUrl', { value });
        expect(res.status).toBe(400);
      }
      expect((await admin('approver', 'put', 'settings/contactAdminUrl', { value: 'https://wa.me/1' })).status).toBe(
        403,
      );
    });
    // A setting change is approved by a second superadmin (four eyes, decision 0034).
    const set = await net.second.approve(
      admin('superadmin', 'put', 'settings/contactAdminUrl', { value: 'https://wa.me/919800000000' }),
    );
    expect(set.status).toBe(200);
    expect((await dashboard()).contactAdminUrl).toBe('https://wa.me/919800000000');
    const [change] = await t.db.owner.query<{ type: string }>(
      "select type from events where stream_id = 'settings' order by stream_version desc limit 1",
    );
    expect(change.type).toBe('SettingChanged');
  });

  it('the ledger verifies and replay rebuilds tickets and news exactly', async () => {
    const report = await verifyLedger(t.db.app, LEDGER_CHECKS);
    expect(report.problems).toEqual([]);
    const replay = await replayLedger(t.db.owner, new ProjectionRunner(ALL_PROJECTIONS));
    expect(replay.tables.map((d) => d.table)).toEqual(expect.arrayContaining(['tickets', 'news']));
    expect(replay.tables.filter((d) => d.onlyLive + d.onlyReplayed > 0)).toEqual([]);
  });
});
