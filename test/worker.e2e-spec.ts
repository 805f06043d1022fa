import request from 'supertest';
import { validRegistration } from './support/seed';
import { TestApp } from './support/test-app';
import { startTestAppWithWorker } from './support/with-worker';
import { SecondAdmin } from './support/four-eyes';

async function until<T>(probe: () => Promise<T | null | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the worker process: outbox relay → BullMQ → processors', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestAppWithWorker({
      QUEUE_PREFIX: `sahyog-worker-test-${process.pid}`,
      LEDGER_CHECKPOINT_EVERY_MS: '500',
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sends the reset mail committed with the event, once, without anyone calling the worker', async () => {
    const uid = (
      await request(t.app.getHttpServer())
        .post('/api/registrationWeb')
        .send(validRegistration({ name: 'Mail Receiver', email: 'mail@example.com' }))
    ).body.uid_output;
    await request(t.app.getHttpServer()).post('/api/ForgetPassword').send({ uid }).expect(200);
    const sent = await until(async () => {
      const [row] = await t.db.owner.query<{ sent_at: Date | null; transport: string; body: string }>(
        'select sent_at, transport, body from mail_outbox where to_address = $1',
        ['mail@example.com'],
      );
      return row?.sent_at ? row : null;
    }, 20_000);
    expect(sent.transport).toBe('catcher');
    expect(sent.body).toContain('http://sahyog.test/ResetPassword?token=');
    const [count] = await t.db.owner.query<{ n: number }>(
      'select count(*)::int as n from mail_outbox where to_address = $1',
      ['mail@example.com'],
    );
    expect(count.n).toBe(1);
  });

  it('pays level income after a top-up, through the relay and the level-income queue', async () => {
    const server = t.app.getHttpServer();
    const login = async (uid: string) =>
      (await request(server).post('/api/login').send({ uid, password: 'Member@123' })).body.token as string;
    const admin = (
      await request(server).post('/admin-api/auth/login').send({ username: 'superadmin', password: 'Admin@123' })
    ).body.token as string;
    const upline = (
      await request(server)
        .post('/api/registrationWeb')
        .send(validRegistration({ name: 'Upline Earner' }))
    ).body.uid_output as string;
    const downline = (
      await request(server)
        .post('/api/registrationWeb')
        .send(validRegistration({ sid: upline, name: 'Downline Payer' }))
    ).body.uid_output as string;
    const [own, forDownline] = (
      await new SecondAdmin(t).approve(
        request(server)
          .post('/admin-api/epins/issue')
          .set('Authorization', `Bearer ${admin}`)
          .send({ owner: upline, type: 'EpintypeB', quantity: 2 }),
      )
    ).body.numbers as string[];
    const token = await login(upline);
    await request(server)
      .post('/api/ActivateId')
      .set('Authorization', `Bearer ${token}`)
      .send({ touid: upline, epin: own })
      .expect(200);
    await request(server)
      .post('/api/ActivateId')
      .set('Authorization', `Bearer ${token}`)
      .send({ touid: downline, epin: forDownline })
      .expect(200);
    const income = await until(async () => {
      const [row] = await t.db.owner.query<{ amount: string }>(
        'select amount_paise::text as amount from level_income where from_uid = $1 and level = 1 and paid',
        [downline],
      );
      return row?.amount;
    }, 20_000);
    expect(income).toBe('2990');
  });

  it('counts members more than 15 levels down in their far uplines’ whole team, through the relay and the team-totals queue (decision 0052)', async () => {
    const server = t.app.getHttpServer();
    const chain: string[] = [];
    for (let i = 0; i < 17; i++)
      chain.push(
        (
          await request(server)
            .post('/api/registrationWeb')
            .send(validRegistration({ ...(i > 0 ? { sid: chain[i - 1] } : {}), name: 'Chain Member' }))
        ).body.uid_output as string,
      );
    // chain[0] has 16 below it: 15 counted in their own transactions, the 16th by the processor.
    const team = await until(async () => {
      const [row] = await t.db.owner.query<{ n: number }>(
        'select coalesce(sum(members), 0)::int as n from team_counts where uid = $1 and depth = 0',
        [chain[0]],
      );
      return row.n === 16 ? row.n : null;
    }, 20_000);
    expect(team).toBe(16);
    const counted = await t.db.owner.query<{ uid: string; kind: string }>(
      'select uid, kind from team_totals_counted where uid = any($1)',
      [chain],
    );
    // Members 15 and 16 levels below the root's direct chain[0] have a 15th upline (the root is 1 above chain[0]).
    expect(counted.map((c) => c.uid).sort()).toEqual([chain[14], chain[15], chain[16]].sort());
  });

  it('writes ledger checkpoints on its repeatable schedule', async () => {
    const checkpoints = await until(async () => {
      const [row] = await t.db.owner.query<{ n: number }>(
        "select count(*)::int as n from events where stream_id = 'ledger-checkpoints'",
      );
      return row.n > 0 ? row.n : null;
    }, 20_000);
    expect(checkpoints).toBeGreaterThan(0);
  });
});
