import request from 'supertest';
import { payLevelIncome } from '../../src/modules/income';
import { Network } from './network';
import { ledgerOn } from './seed';
import { TestApp } from './test-app';

/** Drives the help circle through its HTTP surfaces: help requests, withdrawals, matching, links. */
export class HelpCircle {
  constructor(
    private readonly t: TestApp,
    readonly net: Network,
  ) {}

  private get server() {
    return this.t.app.getHttpServer();
  }

  /** GET as the superadmin; the answer must have `status`. */
  async adminGet(path: string, query: Record<string, unknown> = {}, status = 200) {
    return request(this.server)
      .get(`/admin-api/${path}`)
      .query(query)
      .set('Authorization', `Bearer ${await this.net.admin()}`)
      .expect(status);
  }

  /** POST as the superadmin; the answer must have `status`. */
  async adminPost(path: string, body: Record<string, unknown> = {}, status = 200) {
    return request(this.server)
      .post(`/admin-api/${path}`)
      .set('Authorization', `Bearer ${await this.net.admin()}`)
      .send(body)
      .expect(status);
  }

  /** Pays the level income of the member's latest top-up (the worker's job, run here directly). */
  async payIncomeOf(memberUid: string): Promise<void> {
    const [row] = await this.t.db.owner.query<{ position: string }>(
      'select position::text as position from topups where member_uid = $1 order by position desc limit 1',
      [memberUid],
    );
    await payLevelIncome(ledgerOn(this.t.db.app), row.position);
  }

  /** An Active member with `hundreds` × ₹100 of level income: each of that many directs activates with a ₹1,000 e-pin. */
  async memberWithIncome(hundreds: number, name = 'Income Member'): Promise<string> {
    const uid = await this.net.register(undefined, name);
    // Level income is paid only to an upline who is Active: the member activates first (₹299 e-pin).
    const [own] = await this.net.issue(uid, 1, 'EpintypeB');
    await this.net.as(uid, '/api/ActivateId', { touid: uid, epin: own });
    for (let i = 0; i < hundreds; i++) {
      const child = await this.net.register(uid, 'Direct Member');
      const [pin] = await this.net.issue(child, 1, 'EpintypeA');
      const res = await this.net.as(child, '/api/ActivateId', { touid: child, epin: pin });
      if (res.body.result !== ' Activation Successfull') throw new Error(`activation: ${JSON.stringify(res.body)}`);
      await this.payIncomeOf(child);
    }
    return uid;
  }

  /** A help request of the tier (₹5,000 B, ₹10,000 A), approved by the admin: its PH entry id. */
  async approvedHelp(uid: string, epin: 'EpintypeA' | 'EpintypeB' = 'EpintypeA'): Promise<string> {
    await this.net.issue(uid, 1, epin);
    const res = await this.net.as(uid, '/api/GHRequesttoAdmin', { sid: uid, referby: uid, epin, type: 'Activate' });
    if (res.body.result !== 'Successfull') throw new Error(`help request: ${JSON.stringify(res.body)}`);
    const list = await this.adminGet('help-requests', {
      filter: JSON.stringify({ member: uid, status: 'awaiting-approval' }),
    });
    const id = list.body[0].id as string;
    const approved = await this.adminPost(`help-requests/${id}/approve`);
    if (approved.status !== 200) throw new Error(`approve: ${JSON.stringify(approved.body)}`);
    return `ph-${id}`;
  }

  /** A withdrawal of `rupees`, approved: its id. */
  async approvedWithdrawal(uid: string, rupees: number): Promise<string> {
    const res = await this.net.as(uid, '/api/Withdrawal', { uid, Request_amount: String(rupees) });
    if (res.body.result !== 'Done') throw new Error(`withdrawal: ${JSON.stringify(res.body)}`);
    const list = await this.adminGet('withdrawals', { filter: JSON.stringify({ member: uid, status: 'Requested' }) });
    const id = list.body[0].id as string;
    const approved = await this.net.second.approve(
      request(this.server)
        .post(`/admin-api/withdrawals/${id}/approve`)
        .set('Authorization', `Bearer ${await this.net.admin()}`),
    );
    if (approved.status !== 200) throw new Error(`approve withdrawal: ${JSON.stringify(approved.body)}`);
    return id;
  }

  async match(): Promise<{ links: number; amountRupees: string }> {
    return (await this.adminPost('matching/run')).body;
  }

  /** The member's open PH links (dashboard log). */
  async phLog(uid: string): Promise<Array<Record<string, string>>> {
    return (await this.net.as(uid, '/api/PhList', { uid })).body[0];
  }

  async ghLog(uid: string): Promise<Array<Record<string, string>>> {
    return (await this.net.as(uid, '/api/GhList', { uid })).body[0];
  }

  async dashboard(uid: string): Promise<Record<string, string>> {
    return (await this.net.as(uid, '/api/userDashboard', { uid })).body[0];
  }
}
