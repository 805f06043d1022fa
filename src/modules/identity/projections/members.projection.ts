import {
  eventPosition,
  EVENT_TIME,
  exactlyOneRow,
  ProjectedEvent,
  Projection,
  Statement,
} from '../../../platform/projections/projection';
import { MemberRegistered } from '../domain/member.events';

function uidOf(event: ProjectedEvent): string {
  return event.streamId.slice('member-'.length);
}

const MEMBERS_HANDLES = [
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
];

/**
 * Replay's rebuild of `members` (decision 0046): per member stream, the events this projection
 * handles folded into one row as `project` leaves it after the last of them. `project` checks one
 * event at a time that each change finds the row at the version before; here the same holds when a
 * stream's versions are 1..n with the registration first, which the check below asserts.
 */
const MEMBERS_FOLD = `create temporary table replay_member_changes on commit drop as
  select events.stream_id,
         count(*) as n,
         max(events.stream_version) as version,
         bool_and((events.stream_version = 1) = (events.type = 'MemberRegistered')) as registered_first,
         (array_agg(${EVENT_TIME} order by events.stream_version desc) filter (where events.type = 'MemberLoggedIn'))[1] as last_login_at,
         coalesce(bool_or(events.type = 'DisclaimerAgreed'), false) as isagree,
         (array_agg(${EVENT_TIME} order by events.stream_version) filter (where events.type = 'MemberToppedUp'))[1] as activated_at,
         (array_agg(events.position order by events.stream_version) filter (where events.type = 'MemberToppedUp'))[1] as activated_position,
         (array_agg(events.payload->>'currentPackagePaise' order by events.stream_version desc) filter (where events.type = 'MemberToppedUp'))[1] as current_package_paise,
         (array_agg(events.payload->>'totalPackagePaise' order by events.stream_version desc) filter (where events.type = 'MemberToppedUp'))[1] as total_package_paise,
         (array_agg(events.payload->>'credentialVersion' order by events.stream_version desc)
            filter (where events.type in ('MemberRegistered', 'PasswordChanged', 'TransactionPasswordChanged')))[1] as credential_version,
         bool_or(events.type = 'PasswordChanged') as password_changed,
         (array_agg(events.type = 'MemberBlocked' order by events.stream_version desc) filter (where events.type in ('MemberBlocked', 'MemberUnblocked')))[1] as blocked,
         (array_agg(events.payload->>'sessionEpoch' order by events.stream_version desc)
            filter (where events.type in ('MemberBlocked', 'MemberUnblocked') and events.payload ? 'sessionEpoch'))[1] as session_epoch
    from events
   where events.type = any(array[${MEMBERS_HANDLES.map((type) => `'${type}'`).join(', ')}])
   group by events.stream_id`;

const MEMBERS_CHECK = `select ledger_assert(x.stream_id is null, 'members row ' || substr(x.stream_id, length('member-') + 1) ||
         ' not built from versions 1..' || x.version || ' starting with its registration')
    from (select (select stream_id from replay_member_changes where n <> version or not registered_first limit 1) as stream_id) y
    left join replay_member_changes x on x.stream_id = y.stream_id`;

const MEMBERS_INSERT = `insert into members (uid, sponsor_uid, name, email, mobile, country_id, city, state, upi_number, wallet_address,
       registered_at, credential_version, version, must_change_password, last_login_at, isagree, status, activated_at,
       activated_position, current_package_paise, total_package_paise, blocked, session_epoch)
  select events.payload->>'uid', events.payload->>'sponsorUid', events.payload->>'name', events.payload->>'email',
         events.payload->>'mobile', (events.payload->>'countryId')::integer, events.payload->>'city', events.payload->>'state',
         events.payload->>'upiNumber', events.payload->>'walletAddress', ${EVENT_TIME}, c.credential_version::integer,
         c.version, coalesce(events.payload->>'mustChange' = 'true', false) and not c.password_changed, c.last_login_at, c.isagree,
         case when c.activated_at is null then 'Inactive' else 'Active' end, c.activated_at, c.activated_position,
         coalesce(c.current_package_paise::bigint, 0), coalesce(c.total_package_paise::bigint, 0), coalesce(c.blocked, false),
         coalesce(c.session_epoch::integer, 0)
    from events join replay_member_changes c on c.stream_id = events.stream_id
   where events.type = 'MemberRegistered'`;

/** One row per member: what the dashboard shows and what identity commands decide on. */
export const membersProjection: Projection = {
  name: 'members',
  tables: ['members'],
  handles: MEMBERS_HANDLES,
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
  rebuild: [MEMBERS_FOLD, MEMBERS_CHECK, MEMBERS_INSERT],
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
  // Replay (decision 0046 and its amendment): each member's path to the top is built once (a recursion over
  // the members, not over the closure's rows), then unnested: a member's rows are its sponsor at
  // depth 1 and the sponsor's own ancestors one level deeper, as `project` writes them.
  rebuild: [
    ...sponsorPaths('replay_tree_paths'),
    `insert into member_tree (ancestor_uid, descendant_uid, depth)
     select a.ancestor, p.uid, a.depth::integer
       from replay_tree_paths p cross join lateral unnest(p.path) with ordinality as a(ancestor, depth)`,
  ],
};

/**
 * Replay only (decision 0046's amendment): a temporary table `name` (uid, path) with one row per registration:
 * `path` the member's uplines nearest first (path[1] the sponsor), from the registrations' sponsor
 * column. Built by a recursion whose every step is one level of the tree — as many rows as members
 * in all, not as many as closure rows. A sponsor that is not itself registered ends the path (as
 * the event-by-event closure, which finds no rows of theirs to extend). Shared by the closure and
 * the team counts' rebuilds, each building its own (they may run in different transactions).
 *
 * The registrations are first a temporary table indexed by sponsor, and each step of the recursion
 * finds the members below the level before by that index (decision 0052): a step costs the members
 * it reaches, not a pass over every registration — which, for a chain 5,000 levels deep, was 5,000
 * passes over all of them.
 */
export function sponsorPaths(name: string): string[] {
  const registered = `${name}_registered`;
  return [
    `create temporary table ${registered} on commit drop as
  select events.payload->>'uid' as uid, nullif(events.payload->>'sponsorUid', '') as sponsor from events
   where events.type = 'MemberRegistered'`,
    `create index on ${registered} (sponsor)`,
    `analyze ${registered}`,
    `create temporary table ${name} on commit drop as
  with recursive paths (uid, path) as (
         select r.uid, case when r.sponsor is null then '{}'::text[] else array[r.sponsor] end
           from ${registered} r
          where r.sponsor is null or not exists (select 1 from ${registered} s where s.uid = r.sponsor)
         union all
         select c.uid, array_prepend(p.uid, p.path) from paths p
          cross join lateral (select r.uid from ${registered} r where r.sponsor = p.uid offset 0) c)
  select uid, path from paths`,
  ];
}

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
