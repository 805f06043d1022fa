import { MigrationInterface, QueryRunner } from 'typeorm';
import { LOGIN_ADDRESSES_FROM_EVENTS } from './1763800006013-login-addresses';

/**
 * Login failures count per (account, address key) — docs/decisions/0013-lockout-per-account-and-address.md:
 * an IPv6 client counts by its /64 (one customer's network usually holds a whole /64, so keying by
 * the full address gave it 2^64 fresh lock-out counters), an IPv4-mapped IPv6 address as the IPv4
 * address, IPv4 as is. `login_address_key` is the one definition the projection and the login gate
 * use; anything PostgreSQL cannot read as an address is its own key.
 *
 * The table is rebuilt from the events already stored, under the new keys, exactly as the
 * projection would (the failures counted so far per full IPv6 address, last one wins), so
 * `ledger replay` finds no difference after the upgrade.
 */
const FULL_ADDRESS = "coalesce(metadata->>'clientIp', '')";
if (!LOGIN_ADDRESSES_FROM_EVENTS.includes(FULL_ADDRESS)) throw new Error('login_addresses: the address expression of LOGIN_ADDRESSES_FROM_EVENTS was not found');
/** LOGIN_ADDRESSES_FROM_EVENTS with each address replaced by its key: the rows the projection makes from the stored events now. */
export const LOGIN_ADDRESS_KEYS_FROM_EVENTS = LOGIN_ADDRESSES_FROM_EVENTS.replace(FULL_ADDRESS, `login_address_key(${FULL_ADDRESS})`);

export class LoginAddressKey1763800011013 implements MigrationInterface {
  name = 'LoginAddressKey1763800011013';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      create function login_address_key(ip text) returns text language plpgsql immutable parallel safe as $$
      declare
        a inet;
      begin
        if ip is null then return ''; end if;
        if position(':' in ip) = 0 then return ip; end if;
        begin
          a := ip::inet;
        exception when others then
          return ip;
        end;
        if family(a) = 4 then return host(a); end if;
        if a << '::ffff:0.0.0.0/96'::inet then return host('0.0.0.0'::inet + (a - '::ffff:0.0.0.0'::inet)); end if;
        return host(network(set_masklen(a, 64))) || '/64';
      end $$`);
    await q.query('delete from login_addresses');
    await q.query(`insert into login_addresses (account, client_ip, failures, last_failed_at, locked_until, succeeded_at) ${LOGIN_ADDRESS_KEYS_FROM_EVENTS}`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('delete from login_addresses');
    await q.query(`insert into login_addresses (account, client_ip, failures, last_failed_at, locked_until, succeeded_at) ${LOGIN_ADDRESSES_FROM_EVENTS}`);
    await q.query('drop function login_address_key(text)');
  }
}
