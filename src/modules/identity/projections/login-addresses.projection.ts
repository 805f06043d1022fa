import { ProjectedEvent, Projection, Statement } from '../../../platform/projections/projection';

/**
 * Login failures per (account, client address), for members and admins: what the lock-out and the
 * slow-down decide on (domain/login-attempts.ts). The account is the stream (`member-<uid>`,
 * `admin-<username>`); the address is the key (login_address_key: an IPv6 client's /64) of the
 * event's metadata.clientIp, the server's own view of it.
 */
export const loginAddressesProjection: Projection = {
  name: 'login-addresses',
  tables: ['login_addresses'],
  handles: [
    'LoginFailed',
    'MemberLockedOut',
    'MemberLoggedIn',
    'PasswordChanged',
    'MemberUnblocked',
    'AdminLoginFailed',
    'AdminLockedOut',
    'AdminLoggedIn',
    'AdminUserUpdated',
  ],
  project(event: ProjectedEvent): Statement[] {
    const account = event.streamId;
    const address = event.metadata.clientIp ?? '';
    const at = event.recordedAt;
    const p = event.payload as { failures?: number; until?: string };
    switch (event.type) {
      case 'LoginFailed':
      case 'AdminLoginFailed':
        return [
          {
            text: `insert into login_addresses (account, client_ip, failures, last_failed_at) values ($1, login_address_key($2), $3, $4)
                 on conflict (account, client_ip) do update set failures = excluded.failures, last_failed_at = excluded.last_failed_at`,
            params: [account, address, p.failures, at],
          },
        ];
      case 'MemberLockedOut':
      case 'AdminLockedOut':
        return [
          {
            text: `insert into login_addresses (account, client_ip, failures, locked_until) values ($1, login_address_key($2), 0, $3)
                 on conflict (account, client_ip) do update set locked_until = excluded.locked_until`,
            params: [account, address, p.until],
          },
        ];
      case 'MemberLoggedIn':
      case 'AdminLoggedIn':
        return [
          {
            text: `insert into login_addresses (account, client_ip, failures, succeeded_at) values ($1, login_address_key($2), 0, $3)
                 on conflict (account, client_ip) do update set failures = 0, locked_until = null, succeeded_at = excluded.succeeded_at`,
            params: [account, address, at],
          },
        ];
      default:
        // A new password, an unblock or any change of an admin account by a superadmin lifts every lock-out of the account.
        return [
          {
            text: 'update login_addresses set failures = 0, locked_until = null where account = $1',
            params: [account],
          },
        ];
    }
  },
};
