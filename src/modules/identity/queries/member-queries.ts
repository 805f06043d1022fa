import { Injectable } from '@nestjs/common';
import { Database } from '../../../platform/db/database';
import { balances } from '../../../platform/projections/postings.projection';
import { formatRupees } from '../../../platform/money';
import { MSG } from '../domain/member.messages';
import { UID_PATTERN } from '../member-state';

/**
 * The dashboard's money cards read these accounts (the wallet's summary, merged over these by the
 * API, reads its own tables for today's withdrawals and the queue fields).
 */
export const memberAccounts = (uid: string) => ({
  /** Income other than level income (none yet). */
  income: `member:${uid}:income`,
  teamIncome: `member:${uid}:level-income`,
  withdrawn: `member:${uid}:withdrawn`,
  phGiven: `member:${uid}:ph-given`,
  ghReceived: `member:${uid}:gh-received`,
});

const iso = (d: Date | null): string => (d ? d.toISOString() : '');

/** `asha.rao@example.com` → `as******@example.com`. */
export const maskEmail = (email: string): string => {
  const at = email.lastIndexOf('@');
  if (at < 0) return email ? '*'.repeat(Math.min(email.length, 8)) : '';
  return `${email.slice(0, Math.min(2, at))}${'*'.repeat(Math.max(1, at - 2))}${email.slice(at)}`;
};

/** `9876543210` → `98******10`. */
export const maskDigits = (value: string): string =>
  value.length <= 4
    ? '*'.repeat(value.length)
    : `${value.slice(0, 2)}${'*'.repeat(value.length - 4)}${value.slice(-2)}`;

/** Read side of identity: queries skip the domain and read projections directly. */
@Injectable()
export class MemberQueries {
  constructor(private readonly db: Database) {}

  async sponsor(uid: string): Promise<{ result: string; name: string; top_up: string }> {
    if (!UID_PATTERN.test(uid)) return { result: MSG.sponsorMissing, name: '', top_up: '' };
    const [row] = await this.db.query<{ name: string; status: string }>(
      'select name, status from members where uid = $1',
      [uid],
    );
    return row
      ? { result: MSG.sponsorExists, name: row.name, top_up: row.status }
      : { result: MSG.sponsorMissing, name: '', top_up: '' };
  }

  async countries(): Promise<Array<{ id: number; name: string; phonecode: string }>> {
    return this.db.query('select id, name, phonecode from countries order by sort');
  }

  async country(id: number): Promise<Array<{ id: number; name: string; phonecode: string }>> {
    return this.db.query('select id, name, phonecode from countries where id = $1', [id]);
  }

  /**
   * The public welcome letter. The call needs no login (spec), so anyone can ask for any id: the
   * email and mobile are shown in full only to the browser that registered the member (`inFull`: it
   * holds the welcome token registrationWeb answered, valid WELCOME_TOKEN_SECONDS) and masked to
   * everyone else, so walking the id range yields no contact list (docs/decisions/0035).
   */
  async welcome(
    uid: string,
    inFull = false,
  ): Promise<Array<{ f_name: string; uid: string; email: string; mobile: string }>> {
    if (!UID_PATTERN.test(uid)) return [];
    const rows = await this.db.query<{ f_name: string; uid: string; email: string; mobile: string }>(
      'select name as f_name, uid, email, mobile from members where uid = $1',
      [uid],
    );
    return rows.map((row) => (inFull ? row : { ...row, email: maskEmail(row.email), mobile: maskDigits(row.mobile) }));
  }

  async dashboard(uid: string, impersonatedBy?: string): Promise<Record<string, unknown>> {
    const [m] = await this.db.query<{
      uid: string;
      name: string;
      isagree: boolean;
      status: string;
      registered_at: Date;
      activated_at: Date | null;
      pins: string;
    }>(
      `select m.uid, m.name, m.isagree, m.status, m.registered_at, m.activated_at,
              (select count(*) from epins e where e.owner_uid = m.uid and e.status = 'unused')::text as pins
         from members m where m.uid = $1`,
      [uid],
    );
    const accounts = memberAccounts(uid);
    const bal = await balances(this.db, Object.values(accounts));
    const [today] = await this.db.query<{ total: string }>(
      `select coalesce(sum(amount_paise), 0)::text as total from postings
        where account = $1 and recorded_at >= date_trunc('day', now() at time zone 'Asia/Kolkata') at time zone 'Asia/Kolkata'`,
      [accounts.withdrawn],
    );
    const teamIncome = bal.get(accounts.teamIncome) ?? 0n;
    // Business rules: total income is every income account; net balance = total income − withdrawals.
    const totalIncome = teamIncome + (bal.get(accounts.income) ?? 0n);
    // Withdrawals requested and not rejected post negative amounts to `withdrawn` (docs/decisions/0018).
    const withdrawn = -(bal.get(accounts.withdrawn) ?? 0n);
    return {
      uid: m.uid,
      f_name: m.name,
      isagree: m.isagree ? '1' : '0',
      Activestatus: m.status,
      RegDate: iso(m.registered_at),
      ActDate: iso(m.activated_at),
      totalphamount: formatRupees(bal.get(accounts.phGiven) ?? 0n),
      totalghamount: formatRupees(bal.get(accounts.ghReceived) ?? 0n),
      TeamIncome: formatRupees(teamIncome),
      TotalIncome: formatRupees(totalIncome),
      totalWithdrawal: formatRupees(withdrawn),
      TodayWithdrawal: formatRupees(-BigInt(today.total)),
      Net_Balance: formatRupees(totalIncome - withdrawn),
      Totalpin: m.pins,
      impersonated: Boolean(impersonatedBy),
    };
  }
}
