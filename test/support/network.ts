import request from 'supertest';
import { SecondAdmin } from './four-eyes';
import { TestApp } from './test-app';
import { ADMIN_PASSWORD, PASSWORD, ROOT, validRegistration } from './seed';

/** Drives the product through its HTTP surfaces, as members and admins would. */
export class Network {
  private readonly tokens = new Map<string, string>();
  private adminBearer: string | undefined;

  /** The second admin of four-eyes actions (e-pin issues). */
  readonly second: SecondAdmin;

  constructor(private readonly t: TestApp) {
    this.second = new SecondAdmin(t);
  }

  get server() {
    return this.t.app.getHttpServer();
  }

  async register(sponsor = ROOT, name = 'Team Member'): Promise<string> {
    const res = await request(this.server)
      .post('/api/registrationWeb')
      .send(validRegistration({ sid: sponsor, name }))
      .expect(200);
    return res.body.uid_output as string;
  }

  /** A chain of `length` members, each sponsored by the previous; returns top-down. */
  async chain(length: number, top = ROOT): Promise<string[]> {
    const uids: string[] = [];
    let sponsor = top;
    for (let i = 0; i < length; i++) {
      sponsor = await this.register(sponsor, `Chain Member ${String.fromCharCode(65 + (i % 26))}`);
      uids.push(sponsor);
    }
    return uids;
  }

  async token(uid: string): Promise<string> {
    const cached = this.tokens.get(uid);
    if (cached) return cached;
    const res = await request(this.server).post('/api/login').send({ uid, password: PASSWORD }).expect(200);
    if (res.body.result !== 'Successfull') throw new Error(`login ${uid}: ${res.body.result}`);
    this.tokens.set(uid, res.body.token);
    return res.body.token;
  }

  async as(uid: string, path: string, body: Record<string, unknown> = {}) {
    return request(this.server)
      .post(path)
      .set('Authorization', `Bearer ${await this.token(uid)}`)
      .send(body);
  }

  async admin(): Promise<string> {
    this.adminBearer ??= (
      await request(this.server)
        .post('/admin-api/auth/login')
        .send({ username: 'superadmin', password: ADMIN_PASSWORD })
        .expect(200)
    ).body.token;
    return this.adminBearer!;
  }

  /** E-pins issued by the superadmin and, as four eyes require (decision 0034), approved by a second admin. */
  async issue(owner: string, quantity: number, type: 'EpintypeA' | 'EpintypeB' = 'EpintypeB'): Promise<string[]> {
    const res = await this.second.approve(
      request(this.server)
        .post('/admin-api/epins/issue')
        .set('Authorization', `Bearer ${await this.admin()}`)
        .send({ owner, type, quantity }),
    );
    if (res.status !== 200) throw new Error(`issue: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.numbers as string[];
  }

  /** A setting changed by the superadmin and approved by a second superadmin (four eyes, decision 0034): the answer. */
  async setting(key: string, value: unknown) {
    return this.second.approve(
      request(this.server)
        .put(`/admin-api/settings/${key}`)
        .set('Authorization', `Bearer ${await this.admin()}`)
        .send({ value }),
    );
  }

  async unused(uid: string): Promise<Array<{ pin: string; epintype: string }>> {
    return (await this.as(uid, '/api/ActivationHistory', { type: 2 })).body[0];
  }
}
