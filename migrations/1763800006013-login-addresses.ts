import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The rows the login-addresses projection makes from the stored events, in one query: per
 * (stream, metadata.clientIp) the last failure's count and the last lock, unless a success from
 * that address or an account-wide reset came later; the last success's time. Columns in the
 * table's order.
 */
export const LOGIN_ADDRESSES_FROM_EVENTS = `
  with attempts as (
    select stream_id as account, coalesce(metadata->>'clientIp', '') as client_ip, type, payload, recorded_at, stream_version
      from events
     where type in ('LoginFailed', 'AdminLoginFailed', 'MemberLockedOut', 'AdminLockedOut', 'MemberLoggedIn', 'AdminLoggedIn')
  ),
  resets as (
    select stream_id as account, max(stream_version) as version
      from events where type in ('PasswordChanged', 'MemberUnblocked', 'AdminUserUpdated') group by stream_id
  ),
  pairs as (
    select account, client_ip,
           max(stream_version) filter (where type in ('MemberLoggedIn', 'AdminLoggedIn')) as ok_version,
           max(recorded_at) filter (where type in ('MemberLoggedIn', 'AdminLoggedIn')) as succeeded_at,
           max(stream_version) filter (where type in ('LoginFailed', 'AdminLoginFailed')) as failed_version,
           max(stream_version) filter (where type in ('MemberLockedOut', 'AdminLockedOut')) as locked_version
      from attempts group by account, client_ip
  )
  select p.account, p.client_ip,
         case when f.stream_version > greatest(coalesce(p.ok_version, 0), coalesce(r.version, 0)) then (f.payload->>'failures')::int else 0 end as failures,
         f.recorded_at as last_failed_at,
         case when l.stream_version > greatest(coalesce(p.ok_version, 0), coalesce(r.version, 0)) then (l.payload->>'until')::timestamptz end as locked_until,
         p.succeeded_at
    from pairs p
    left join resets r on r.account = p.account
    left join attempts f on f.account = p.account and f.client_ip = p.client_ip and f.stream_version = p.failed_version
    left join attempts l on l.account = p.account and l.client_ip = p.client_ip and l.stream_version = p.locked_version`;

/**
 * Login failures per (account, client address) — docs/decisions/0013-lockout-per-account-and-address.md.
 * `login_addresses` is the projection of the login events of member and admin streams (the address
 * is the event's metadata.clientIp); it replaces the per-member counters `members.failed_logins`
 * and `members.locked_until`, which let anyone lock any member out.
 *
 * The table is filled here from the events already stored, exactly as the projection would have
 * (the last write of each kind wins, a success or an account-wide reset clears), so `ledger replay`
 * finds no difference after the upgrade.
 */
export class LoginAddresses1763800006013 implements MigrationInterface {
  name = 'LoginAddresses1763800006013';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      create table login_addresses (
        account        text        not null,
        client_ip      text        not null,
        failures       integer     not null check (failures >= 0),
        last_failed_at timestamptz,
        locked_until   timestamptz,
        succeeded_at   timestamptz,
        primary key (account, client_ip)
      )`);
    await q.query(`insert into login_addresses (account, client_ip, failures, last_failed_at, locked_until, succeeded_at) ${LOGIN_ADDRESSES_FROM_EVENTS}`);
    await q.query('alter table members drop column failed_logins, drop column locked_until');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('alter table members add column failed_logins integer not null default 0, add column locked_until timestamptz');
    await q.query('drop table login_addresses');
  }
}
