import { exactlyOneRow, ProjectedEvent, Projection, Statement } from '../../../platform/projections/projection';

const usernameOf = (event: ProjectedEvent): string => event.streamId.slice('admin-'.length);

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
  ],
  project(event: ProjectedEvent): Statement[] {
    const p = event.payload as {
      username?: string;
      role?: string;
      disabled?: boolean;
      credentialVersion?: number;
      sessionEpoch?: number;
      mustChange?: boolean;
    };
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
    const epoch = p.sessionEpoch === undefined ? '' : 'session_epoch = $8, ';
    const spent = event.type === 'AdminPasswordChanged' ? 'must_change_password = false, ' : '';
    return [
      exactlyOneRow(
        `update admin_users set
         role = coalesce($3, role),
         disabled = coalesce($4, disabled),
         credential_version = coalesce($5, credential_version),
         last_login_at = case when $6 then $7::timestamptz else last_login_at end,
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
          ...(p.sessionEpoch === undefined ? [] : [p.sessionEpoch]),
        ],
        `admin ${usernameOf(event)} not at version ${event.streamVersion - 1}`,
      ),
    ];
  },
};

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
