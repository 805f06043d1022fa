import { Injectable } from '@nestjs/common';
import { Database } from '../../../platform/db/database';
import { prepared, Sql } from '../../../platform/db/sql';
import { MSG } from '../domain/member.messages';
import { UID_PATTERN } from '../member-state';

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

const MEMBER_DASHBOARD_SQL = prepared(`select m.uid, m.name, m.isagree, m.status, m.registered_at, m.activated_at,
        (select count(*) from epins e where e.owner_uid = m.uid and e.status = 'unused')::text as pins
   from members m where m.uid = $1`);

export interface Country {
  id: number;
  name: string;
  phonecode: string;
}

/** Read side of identity: queries skip the domain and read projections directly. */
@Injectable()
export class MemberQueries {
  private countryList: Promise<Country[]> | undefined;

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

  /**
   * The country list, read once per process: reference data that only a migration writes (the
   * registration form's list, 238 rows, was read from the database on every call). A failed read is
   * not kept: the next call asks the database again.
   */
  countries(): Promise<Country[]> {
    this.countryList ??= this.db
      .query<Country>('select id, name, phonecode from countries order by sort')
      .catch((error: unknown) => {
        this.countryList = undefined;
        throw error;
      });
    return this.countryList;
  }

  async country(id: number): Promise<Country[]> {
    return (await this.countries()).filter((c) => c.id === id);
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

  /**
   * The member's own part of the dashboard: who they are, their status and dates, unused e-pins. The
   * money cards (balances, withdrawals, income totals) are the wallet's summary, merged beside this
   * by the API: one read of the member's accounts per call, not two. `sql`: the API's pipelined
   * connection for the whole dashboard.
   */
  async dashboard(uid: string, impersonatedBy?: string, sql: Sql = this.db): Promise<Record<string, unknown>> {
    const [m] = await sql.query<{
      uid: string;
      name: string;
      isagree: boolean;
      status: string;
      registered_at: Date;
      activated_at: Date | null;
      pins: string;
    }>(MEMBER_DASHBOARD_SQL, [uid]);
    return {
      uid: m.uid,
      f_name: m.name,
      isagree: m.isagree ? '1' : '0',
      Activestatus: m.status,
      RegDate: iso(m.registered_at),
      ActDate: iso(m.activated_at),
      Totalpin: m.pins,
      impersonated: Boolean(impersonatedBy),
    };
  }
}
