import { exactlyOneRow, ProjectedEvent, Projection, Statement } from '../../../platform/projections/projection';

const usernameOf = (event: ProjectedEvent): string => event.streamId.slice('admin-'.length);

const ADMIN_TOTP_EVENTS = [
  'AdminTotpSetUp',
  'AdminTotpEnabled',
  'AdminTotpDisabled',
  'AdminTotpReset',
  'AdminTotpCheckFailed',
  'AdminTotpChecksLockedOut',
];

export const adminUsersProjection: Projection = {
  name: 'admin-users',
  tables: ['admin_users'],
  handles: [
    'AdminUserCreated',
    'AdminUserUpdated',
    'AdminPasswordChanged',
    'AdminLoggedIn',
    'AdminLoggedOut',
    'AdminLoginFailed',
    'AdminLockedOut',
    'ImpersonationTokenIssued',
    ...ADMIN_TOTP_EVENTS,
  ],
  project(event: ProjectedEvent): Statement[] {
    const p = event.payload as {
      username?: string;
      role?: string;
      disabled?: boolean;
      credentialVersion?: number;
      sessionEpoch?: number;
      mustChange?: boolean;
      totpStep?: number;
      recoveryCode?: number;
    };
    if (ADMIN_TOTP_EVENTS.includes(event.type)) return [projectTotp(event)];
    if (event.type === 'AdminUserCreated') {
      // Only a one-time password (decision 0032) names the column: older events project as before.
      const oneTime = p.mustChange === true;
      return [
        {
          text: `insert into admin_users (username, role, created_at, credential_version, version${oneTime ? ', must_change_password' : ''}) values ($1, $2, $3, $4, $5${oneTime ? ', true' : ''})`,
          params: [p.username, p.role, event.recordedAt, p.credentialVersion, event.streamVersion],
        },
      ];
    }
    // The session epoch and the one-time flag are named only by the events that change them
    // (decision 0032), so older events run the statement they always ran.
    const epoch = p.sessionEpoch === undefined ? '' : 'session_epoch = $10, ';
    const spent = event.type === 'AdminPasswordChanged' ? 'must_change_password = false, ' : '';
    return [
      exactlyOneRow(
        `update admin_users set
         role = coalesce($3, role),
         disabled = coalesce($4, disabled),
         credential_version = coalesce($5, credential_version),
         last_login_at = case when $6 then $7::timestamptz else last_login_at end,
         totp_last_step = coalesce($8, totp_last_step),
         totp_recovery_used = case when $9::int is null then totp_recovery_used else totp_recovery_used || $9::int end,
         ${epoch}${spent}version = $2
       where username = $1 and version = $2 - 1`,
        [
          usernameOf(event),
          event.streamVersion,
          p.role ?? null,
          p.disabled ?? null,
          p.credentialVersion ?? null,
          event.type === 'AdminLoggedIn',
          event.recordedAt,
          p.totpStep ?? null,
          p.recoveryCode ?? null,
          ...(p.sessionEpoch === undefined ? [] : [p.sessionEpoch]),
        ],
        `admin ${usernameOf(event)} not at version ${event.streamVersion - 1}`,
      ),
    ];
  },
};

/** The second factor's columns of the admin's row (decision 0033); every event moves the row's version. */
function projectTotp(event: ProjectedEvent): Statement {
  const p = event.payload as { factorId?: string; totpStep?: number; failures?: number; until?: string };
  const cleared = `totp_factor_id = null, totp_pending_factor_id = null, totp_last_step = null,
    totp_recovery_used = '{}', totp_failures = 0, totp_last_failed_at = null, totp_locked_until = null`;
  const [set, values]: [string, unknown[]] =
    event.type === 'AdminTotpSetUp'
      ? ['totp_pending_factor_id = $3', [p.factorId]]
      : event.type === 'AdminTotpEnabled'
        ? [
            `totp_factor_id = $3, totp_pending_factor_id = null, totp_last_step = $4, totp_recovery_used = '{}',
             totp_failures = 0, totp_last_failed_at = null, totp_locked_until = null`,
            [p.factorId, p.totpStep],
          ]
        : event.type === 'AdminTotpCheckFailed'
          ? ['totp_failures = $3, totp_last_failed_at = $4', [p.failures, event.recordedAt]]
          : event.type === 'AdminTotpChecksLockedOut'
            ? ['totp_locked_until = $3', [p.until]]
            : [cleared, []];
  return exactlyOneRow(
    `update admin_users set ${set}, version = $2 where username = $1 and version = $2 - 1`,
    [usernameOf(event), event.streamVersion, ...values],
    `admin ${usernameOf(event)} not at version ${event.streamVersion - 1}`,
  );
}

/** "Log in as" tokens: issued on the admin's stream, redeemed once on the member's. */
export const impersonationTokensProjection: Projection = {
  name: 'impersonation-tokens',
  tables: ['impersonation_tokens'],
  handles: ['ImpersonationTokenIssued', 'ImpersonationTokenRedeemed'],
  project(event: ProjectedEvent): Statement[] {
    const p = event.payload as { tokenId: string; uid?: string; expiresAt?: string };
    if (event.type === 'ImpersonationTokenIssued') {
      return [
        {
          text: 'insert into impersonation_tokens (token_id, admin, uid, expires_at) values ($1, $2, $3, $4)',
          params: [p.tokenId, usernameOf(event), p.uid, p.expiresAt],
        },
      ];
    }
    return [
      exactlyOneRow(
        'update impersonation_tokens set redeemed_at = $2 where token_id = $1 and redeemed_at is null',
        [p.tokenId, event.recordedAt],
        `impersonation token ${p.tokenId} redeemed twice`,
      ),
    ];
  },
};
