import {
  eventPosition,
  exactlyOneRow,
  ProjectedEvent,
  Projection,
  Statement,
} from '../../../platform/projections/projection';
import { MemberRegistered } from '../domain/member.events';

function uidOf(event: ProjectedEvent): string {
  return event.streamId.slice('member-'.length);
}

/** One row per member: what the dashboard shows and what identity commands decide on. */
export const membersProjection: Projection = {
  name: 'members',
  tables: ['members'],
  handles: [
    'MemberRegistered',
    'MemberToppedUp',
    'MemberLoggedIn',
    'LoginFailed',
    'MemberLockedOut',
    'DisclaimerAgreed',
    'PasswordResetRequested',
    'PasswordChanged',
    'TransactionPasswordChanged',
    'SecretCheckFailed',
    'SecretChecksLockedOut',
    'SecretCheckPassed',
    'MemberBlocked',
    'MemberUnblocked',
    'ImpersonationTokenRedeemed',
  ],
  project(event: ProjectedEvent): Statement[] {
    const uid = uidOf(event);
    const at = event.recordedAt;
    const v = event.streamVersion;
    if (event.type === 'MemberRegistered') {
      const p = event.payload as MemberRegistered;
      // Only a one-time password (decision 0032) names the column: every other registration is the
      // statement it always was, so older events project exactly as before.
      const oneTime = p.mustChange === true;
      return [
        {
          text: `insert into members (uid, sponsor_uid, name, email, mobile, country_id, city, state, upi_number, wallet_address,
                              registered_at, credential_version, version${oneTime ? ', must_change_password' : ''})
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13${oneTime ? ', true' : ''})`,
          params: [
            p.uid,
            p.sponsorUid,
            p.name,
            p.email,
            p.mobile,
            p.countryId,
            p.city,
            p.state,
            p.upiNumber,
            p.walletAddress,
            at,
            p.credentialVersion,
            v,
          ],
        },
      ];
    }
    const p = event.payload as {
      credentialVersion?: number;
      sessionEpoch?: number;
      kind?: string;
      currentPackagePaise?: string;
      totalPackagePaise?: string;
    };
    // Each change names its own columns; $1 and $2 are always the uid and the new version ($3 the
    // stream, for eventPosition).
    const changes: Record<string, [string, unknown[]]> = {
      MemberLoggedIn: ['last_login_at = $3', [at]],
      // Failures and lock-outs are per client address: the login-addresses projection.
      LoginFailed: ['', []],
      MemberLockedOut: ['', []],
      DisclaimerAgreed: ['isagree = true', []],
      // The position lookup cannot miss: the same event's `topups` row takes it too, into a NOT NULL key.
      MemberToppedUp: [
        `status = 'Active', activated_at = coalesce(activated_at, $3), activated_position = coalesce(activated_position, ${eventPosition(4, 2)}), current_package_paise = $5, total_package_paise = $6`,
        [at, event.streamId, p.currentPackagePaise, p.totalPackagePaise],
      ],
      PasswordResetRequested: ['', []],
      // Any new login password spends a one-time one (decision 0032).
      PasswordChanged: ['credential_version = $3, must_change_password = false', [p.credentialVersion]],
      TransactionPasswordChanged: ['credential_version = $3', [p.credentialVersion]],
      // Wrong current secrets in signed-in calls: the secret-checks projection.
      SecretCheckFailed: ['', []],
      SecretChecksLockedOut: ['', []],
      SecretCheckPassed: ['', []],
      // The epoch moves on with events that carry one (decision 0032); older events leave it as it was.
      MemberBlocked:
        p.sessionEpoch === undefined
          ? ['blocked = true', []]
          : ['blocked = true, session_epoch = $3', [p.sessionEpoch]],
      MemberUnblocked:
        p.sessionEpoch === undefined
          ? ['blocked = false', []]
          : ['blocked = false, session_epoch = $3', [p.sessionEpoch]],
      ImpersonationTokenRedeemed: ['', []],
    };
    const [set, params] = changes[event.type];
    // One fixed text per event type (a bounded set), so each is prepared once per connection.
    return [
      exactlyOneRow(
        `update members set ${set ? `${set}, ` : ''}version = $2 where uid = $1 and version = $2 - 1`,
        [uid, v, ...params],
        `members row ${uid} not at version ${v - 1} for ${event.type}`,
      ),
    ];
  },
};

/** The sponsor tree as a closure table, so "level N" and "whole team" are one indexed read. */
export const memberTreeProjection: Projection = {
  name: 'member-tree',
  tables: ['member_tree'],
  handles: ['MemberRegistered'],
  project(event: ProjectedEvent): Statement[] {
    const p = event.payload as MemberRegistered;
    if (!p.sponsorUid) return [];
    return [
      {
        text: `insert into member_tree (ancestor_uid, descendant_uid, depth)
       select $2, $1, 1
       union all
       select ancestor_uid, $1, depth + 1 from member_tree where descendant_uid = $2`,
        params: [p.uid, p.sponsorUid],
      },
    ];
  },
};

/** Reset links: issued by PasswordResetRequested, spent by PasswordChanged (once). */
export const passwordResetsProjection: Projection = {
  name: 'password-resets',
  tables: ['password_resets'],
  handles: ['PasswordResetRequested', 'PasswordChanged'],
  project(event: ProjectedEvent): Statement[] {
    const p = event.payload as { tokenId?: string; secretHash?: string; expiresAt?: string; resetTokenId?: string };
    if (event.type === 'PasswordResetRequested') {
      return [
        {
          text: 'insert into password_resets (token_id, uid, secret_hash, expires_at) values ($1, $2, $3, $4)',
          params: [p.tokenId, uidOf(event), p.secretHash, p.expiresAt],
        },
      ];
    }
    if (!p.resetTokenId) return [];
    return [
      exactlyOneRow(
        'update password_resets set used_at = $2 where token_id = $1 and used_at is null',
        [p.resetTokenId, event.recordedAt],
        `reset token ${p.resetTokenId} spent twice`,
      ),
    ];
  },
};
