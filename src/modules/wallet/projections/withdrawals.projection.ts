import { ProjectedEvent, Projection, Statement, exactlyOneRow } from '../../../platform/projections/projection';
import { prepared } from '../../../platform/db/sql';
import { HelpLinkCreated, HelpLinkReceived, HelpLinksCreated } from '../../help';
import { WithdrawalApproved, WithdrawalRejected, WithdrawalRequested } from '../domain/withdrawal.events';

/** The first links into several withdrawals' GH entries ($1 their ids, each once): every one must exist. */
const LINKED_SQL = prepared(`with changed as (
    update withdrawals set link_at = coalesce(link_at, $2) where id = any($1::text[]) returning 1)
  select ledger_assert(count(*) = $3::int, $4::text) from changed`);

/**
 * One row per withdrawal: Requested → Approved → Paid, or Rejected. The first help link into its
 * GH entry sets the link date; the receipt that completes the entry makes it Paid.
 */
export const withdrawalsProjection: Projection = {
  name: 'withdrawals',
  tables: ['withdrawals'],
  handles: [
    'WithdrawalRequested',
    'WithdrawalApproved',
    'WithdrawalRejected',
    'HelpLinksCreated',
    'HelpLinkCreated',
    'HelpLinkReceived',
  ],
  project(event: ProjectedEvent): Statement[] {
    const v = event.streamVersion;
    const at = event.recordedAt;
    switch (event.type) {
      case 'WithdrawalRequested': {
        const p = event.payload as WithdrawalRequested;
        return [
          {
            text: "insert into withdrawals (id, uid, amount_paise, charge_paise, payout_paise, status, requested_at, version) values ($1, $2, $3, $4, $5, 'Requested', $6, $7)",
            params: [p.id, p.uid, p.amountPaise, p.chargePaise, p.payoutPaise, at, v],
          },
        ];
      }
      case 'WithdrawalApproved': {
        const p = event.payload as WithdrawalApproved;
        return [
          exactlyOneRow(
            "update withdrawals set status = 'Approved', decided_at = $2, decided_by = $3, version = $4 where id = $1 and status = 'Requested'",
            [p.id, at, p.by, v],
            `withdrawal ${p.id} approved while Requested`,
          ),
        ];
      }
      case 'WithdrawalRejected': {
        const p = event.payload as WithdrawalRejected;
        return [
          exactlyOneRow(
            "update withdrawals set status = 'Rejected', decided_at = $2, decided_by = $3, remark = $4, version = $5 where id = $1 and status = 'Requested'",
            [p.id, at, p.by, p.remark, v],
            `withdrawal ${p.id} rejected while Requested`,
          ),
        ];
      }
      case 'HelpLinksCreated': {
        const p = event.payload as HelpLinksCreated;
        const ids = [...new Set(p.links.filter((l) => l.ghSource === 'withdrawal').map((l) => l.ghSourceId))];
        if (ids.length === 0) return [];
        return [{ text: LINKED_SQL, params: [ids, at, ids.length, `the ${ids.length} withdrawals of new links`] }];
      }
      case 'HelpLinkCreated': {
        const p = event.payload as HelpLinkCreated;
        if (p.ghSource !== 'withdrawal') return [];
        return [
          exactlyOneRow(
            'update withdrawals set link_at = coalesce(link_at, $2) where id = $1',
            [p.ghSourceId, at],
            `withdrawal ${p.ghSourceId} of link ${p.id}`,
          ),
        ];
      }
      case 'HelpLinkReceived': {
        const p = event.payload as HelpLinkReceived;
        if (p.ghSource !== 'withdrawal' || !p.ghEntryCompleted) return [];
        return [
          exactlyOneRow(
            "update withdrawals set status = 'Paid', paid_at = $2 where id = $1 and status = 'Approved'",
            [p.ghSourceId, at],
            `withdrawal ${p.ghSourceId} paid once, when approved`,
          ),
        ];
      }
      default:
        return [];
    }
  },
};
