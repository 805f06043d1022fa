import {
  EVENT_TIME,
  exactlyOneRow,
  ProjectedEvent,
  Projection,
  Statement,
} from '../../../platform/projections/projection';
import { BankDetailsSaved, DetailsUnlocked, ProfileUpdated, WalletAddressSaved } from '../domain/profile.events';

/** The registration fields a profile starts from (identity's MemberRegistered). */
interface Registered {
  uid: string;
  state: string;
  walletAddress: string;
}

const PROFILE_TYPES = [
  'ProfileUpdated',
  'BankDetailsSaved',
  'WalletAddressSaved',
  'BankDetailsUnlocked',
  'WalletAddressUnlocked',
] as const;

/** The last event of these types per member, its payload's fields typed (`columns`), as `alias`. */
const lastOf = (types: readonly string[], columns: string, alias: string) =>
  `left join (select distinct on (h.uid) h.uid, h.at, h.type, f.*
                from replay_profile_events h cross join lateral jsonb_to_record(h.payload) as f(${columns})
               where h.type in (${types.map((t) => `'${t}'`).join(', ')})
               order by h.uid, h.stream_version desc) ${alias} on ${alias}.uid = r.uid`;

/** `alias.field` when that event exists, else the column's value at registration. */
const orElse = (alias: string, field: string, otherwise: string) =>
  `case when ${alias}.uid is null then ${otherwise} else ${alias}.${field} end`;

/**
 * Replay's rebuild (decision 0046): each member's registration, with the last of each kind of
 * profile event folded in as `project` leaves the row; `project` checks one event at a time that
 * the row is at the version before, which here is each member's versions being 1..n.
 */
const PROFILE_EVENTS = `create temporary table replay_profile_events on commit drop as
  select events.payload->>'uid' as uid, events.stream_version, events.type, events.payload, ${EVENT_TIME} as at
    from events where events.type in (${PROFILE_TYPES.map((t) => `'${t}'`).join(', ')})`;

const PROFILES_CHECK = `select ledger_assert(x.uid is null, 'member_profiles row ' || x.uid || ' not built from versions 1..' || x.v)
    from (select (select uid from replay_profile_events group by uid having count(*) <> max(stream_version) limit 1) as uid) y
    left join (select uid, max(stream_version) as v from replay_profile_events group by uid) x on x.uid = y.uid`;

const PROFILES_INSERT = `insert into member_profiles (uid, state, district, city, pincode, nominee_name, nominee_relation,
       profile_updated_at, account_number, holder, ifsc, bank_name, branch, upi_number, pan_masked, aadhaar_masked,
       kyc_version, bank_locked, bank_saved_at, wallet_address, wallet_locked, wallet_saved_at, unlocked_at, unlocked_by,
       unlock_reason, version)
  select r.uid, ${orElse('pu', 'state', 'r.state')}, ${orElse('pu', 'district', "''")}, ${orElse('pu', 'city', "''")},
         ${orElse('pu', 'pincode', "''")}, ${orElse('pu', '"nomineeName"', "''")}, ${orElse('pu', '"nomineeRelation"', "''")},
         pu.at, ${orElse('bs', '"accountNumber"', "''")}, ${orElse('bs', 'holder', "''")}, ${orElse('bs', 'ifsc', "''")},
         ${orElse('bs', '"bankName"', "''")}, ${orElse('bs', 'branch', "''")}, ${orElse('bs', '"upiNumber"', "''")},
         ${orElse('bs', '"panMasked"', "''")}, ${orElse('bs', '"aadhaarMasked"', "''")}, ${orElse('bs', '"kycVersion"', '0')},
         coalesce(bl.type = 'BankDetailsSaved', false), bs.at, ${orElse('ws', '"walletAddress"', 'r."walletAddress"')},
         coalesce(wl.type = 'WalletAddressSaved', false), ws.at, ul.at, ul.by, ul.reason, coalesce(v.version, 0)
    from events cross join lateral jsonb_to_record(events.payload) as r(uid text, state text, "walletAddress" text)
    ${lastOf(['ProfileUpdated'], 'state text, district text, city text, pincode text, "nomineeName" text, "nomineeRelation" text', 'pu')}
    ${lastOf(['BankDetailsSaved'], '"accountNumber" text, holder text, ifsc text, "bankName" text, branch text, "upiNumber" text, "panMasked" text, "aadhaarMasked" text, "kycVersion" integer', 'bs')}
    ${lastOf(['WalletAddressSaved'], '"walletAddress" text', 'ws')}
    ${lastOf(['BankDetailsSaved', 'BankDetailsUnlocked'], 'by text', 'bl')}
    ${lastOf(['WalletAddressSaved', 'WalletAddressUnlocked'], 'by text', 'wl')}
    ${lastOf(['BankDetailsUnlocked', 'WalletAddressUnlocked'], 'by text, reason text', 'ul')}
    left join (select uid, max(stream_version) as version from replay_profile_events group by uid) v on v.uid = r.uid
   where events.type = 'MemberRegistered'`;

/**
 * One row per member: the Profile Info fields, the bank details (PAN and Aadhaar masked) and the
 * wallet address, each with its lock. Created at registration (the registration's state and any
 * wallet address it carried, unlocked: only a save through UpdateProfile locks); `version` is the
 * `profile-<uid>` stream's.
 */
export const memberProfilesProjection: Projection = {
  name: 'member-profiles',
  tables: ['member_profiles'],
  handles: ['MemberRegistered', ...PROFILE_TYPES],
  project(event: ProjectedEvent): Statement[] {
    const at = event.recordedAt;
    const v = event.streamVersion;
    if (event.type === 'MemberRegistered') {
      const p = event.payload as Registered;
      return [
        {
          text: 'insert into member_profiles (uid, state, wallet_address, version) values ($1, $2, $3, 0)',
          params: [p.uid, p.state, p.walletAddress],
        },
      ];
    }
    const change = (set: string, uid: string, params: unknown[]): Statement[] => [
      exactlyOneRow(
        `update member_profiles set ${set}, version = $2 where uid = $1 and version = $2 - 1`,
        [uid, v, ...params],
        `member_profiles row ${uid} not at version ${v - 1} for ${event.type}`,
      ),
    ];
    switch (event.type) {
      case 'ProfileUpdated': {
        const p = event.payload as ProfileUpdated;
        return change(
          'state = $3, district = $4, city = $5, pincode = $6, nominee_name = $7, nominee_relation = $8, profile_updated_at = $9',
          p.uid,
          [p.state, p.district, p.city, p.pincode, p.nomineeName, p.nomineeRelation, at],
        );
      }
      case 'BankDetailsSaved': {
        const p = event.payload as BankDetailsSaved;
        return change(
          `account_number = $3, holder = $4, ifsc = $5, bank_name = $6, branch = $7, upi_number = $8, pan_masked = $9,
           aadhaar_masked = $10, kyc_version = $11, bank_locked = true, bank_saved_at = $12`,
          p.uid,
          [
            p.accountNumber,
            p.holder,
            p.ifsc,
            p.bankName,
            p.branch,
            p.upiNumber,
            p.panMasked,
            p.aadhaarMasked,
            p.kycVersion,
            at,
          ],
        );
      }
      case 'WalletAddressSaved': {
        const p = event.payload as WalletAddressSaved;
        return change('wallet_address = $3, wallet_locked = true, wallet_saved_at = $4', p.uid, [p.walletAddress, at]);
      }
      case 'BankDetailsUnlocked':
      case 'WalletAddressUnlocked': {
        const p = event.payload as DetailsUnlocked;
        const lock = event.type === 'BankDetailsUnlocked' ? 'bank_locked' : 'wallet_locked';
        return change(`${lock} = false, unlocked_at = $3, unlocked_by = $4, unlock_reason = $5`, p.uid, [
          at,
          p.by,
          p.reason,
        ]);
      }
      default:
        return [];
    }
  },
  rebuild: [PROFILE_EVENTS, PROFILES_CHECK, PROFILES_INSERT],
};
