import { Sql } from '../../platform/db/sql';
import { LedgerCheck, MAX_PROBLEMS, Problem } from './problem';

/**
 * `member_kyc` keeps the full PAN and Aadhaar beside the ledger (decision 0025); each row must be
 * the numbers its `BankDetailsSaved` event (same member, same `kycVersion`) carries masked, and
 * every such event has its row. An owner who swaps a member's numbers is named unless the swap
 * keeps both masks (the PAN's last five characters, the Aadhaar's last four).
 */
const kycMatchesEvents: LedgerCheck = {
  name: 'member-kyc-matches-events',
  async run(sql: Sql): Promise<Problem[]> {
    return sql.query<Problem>(
      `with e as (
         select position, stream_id, payload->>'uid' as uid, (payload->>'kycVersion')::int as version,
                payload->>'panMasked' as pan, payload->>'aadhaarMasked' as aadhaar
           from events where type = 'BankDetailsSaved' and payload->>'kycVersion' ~ '^[0-9]{1,9}$'),
       k as (
         select uid::text as uid, version,
                case when length(pan) = 10 then 'XXXXX' || substr(pan, 6) else repeat('X', length(pan)) end as pan,
                repeat('X', greatest(0, length(aadhaar) - 4)) || right(aadhaar, 4) as aadhaar
           from member_kyc)
       select coalesce(e.position, 0)::text as position, coalesce(e.stream_id, 'profile-' || k.uid) as stream_id,
              -- No numbers, not even masked, in the reason: the auditor reads it (decision 0007).
              format('member_kyc row (uid %s, version %s): %s', coalesce(e.uid, k.uid), coalesce(e.version, k.version),
                     case when e.uid is null then 'no BankDetailsSaved in the ledger has this version'
                          when k.uid is null then 'missing, its BankDetailsSaved is in the ledger'
                          else concat_ws(' and ', case when e.pan is distinct from k.pan then 'the PAN' end,
                                         case when e.aadhaar is distinct from k.aadhaar then 'the Aadhaar' end)
                               || ' beside the ledger no longer matches the masks its BankDetailsSaved carries' end) as reason
         from e full join k on k.uid = e.uid and k.version = e.version
        where e.uid is null or k.uid is null or e.pan is distinct from k.pan or e.aadhaar is distinct from k.aadhaar
        order by 1 limit ${MAX_PROBLEMS}`,
    );
  },
};

/** Checks of what is kept beside the ledger (not a projection, so not rebuilt): its events' masks. */
export const BESIDE_LEDGER_CHECKS: readonly LedgerCheck[] = [kycMatchesEvents];
