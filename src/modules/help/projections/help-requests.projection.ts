import { ProjectedEvent, Projection, Statement, exactlyOneRow } from '../../../platform/projections/projection';
import {
  GhEntitlementCredited,
  HelpLinkReceived,
  HelpLinkReturned,
  HelpRequestApproved,
  HelpRequestClosed,
  HelpRequested,
  HelpRequestRejected,
} from '../domain/help.events';

/** One row per help request: its life (awaiting approval, in the queue, closed), what it has given, its failures. */
export const helpRequestsProjection: Projection = {
  name: 'help-requests',
  tables: ['help_requests'],
  handles: [
    'HelpRequested',
    'HelpRequestApproved',
    'HelpRequestRejected',
    'HelpRequestClosed',
    'GhEntitlementCredited',
    'HelpLinkReceived',
    'HelpLinkReturned',
  ],
  project(event: ProjectedEvent): Statement[] {
    const v = event.streamVersion;
    switch (event.type) {
      case 'HelpRequested': {
        const p = event.payload as HelpRequested;
        return [
          {
            text: 'insert into help_requests (id, uid, epin_type, tier_paise, kind, topup_position, requested_at, version) values ($1, $2, $3, $4, $5, $6, $7, $8)',
            params: [p.id, p.uid, p.epinType, p.tierPaise, p.kind, p.topupPosition, event.recordedAt, v],
          },
        ];
      }
      case 'HelpRequestApproved': {
        const p = event.payload as HelpRequestApproved;
        return [
          exactlyOneRow(
            "update help_requests set status = 'in-queue', decided_at = $2, decided_by = $3, version = $4 where id = $1 and status = 'awaiting-approval'",
            [p.id, event.recordedAt, p.by, v],
            `help request ${p.id} approved while awaiting approval`,
          ),
        ];
      }
      case 'HelpRequestRejected': {
        const p = event.payload as HelpRequestRejected;
        return [
          exactlyOneRow(
            "update help_requests set status = 'closed', outcome = 'rejected', remark = $2, decided_at = $3, decided_by = $4, closed_at = $3, version = $5 where id = $1 and status = 'awaiting-approval'",
            [p.id, p.remark, event.recordedAt, p.by, v],
            `help request ${p.id} rejected while awaiting approval`,
          ),
        ];
      }
      case 'HelpRequestClosed': {
        const p = event.payload as HelpRequestClosed;
        return [
          exactlyOneRow(
            "update help_requests set status = 'closed', outcome = $2, closed_at = $3, entitlement_paise = $4, entitlement_due_at = $5, version = $6 where id = $1 and status = 'in-queue' and given_paise = $7",
            [p.id, p.outcome, event.recordedAt, p.entitlementPaise, p.entitlementDueAt, v, p.givenPaise],
            `help request ${p.id} closed once, with the help it gave`,
          ),
        ];
      }
      case 'GhEntitlementCredited': {
        const p = event.payload as GhEntitlementCredited;
        return [
          exactlyOneRow(
            "update help_requests set entitlement_at = $2, version = $3 where id = $1 and status = 'closed' and entitlement_at is null",
            [p.id, event.recordedAt, v],
            `help request ${p.id}'s entitlement credited once`,
          ),
        ];
      }
      case 'HelpLinkReceived': {
        const p = event.payload as HelpLinkReceived;
        return [
          exactlyOneRow(
            'update help_requests set given_paise = given_paise + $2 where id = $1',
            [p.requestId, p.amountPaise],
            `help request ${p.requestId} of link ${p.id} exists`,
          ),
        ];
      }
      case 'HelpLinkReturned': {
        const p = event.payload as HelpLinkReturned;
        return [
          exactlyOneRow(
            'update help_requests set failures = failures + 1 where id = $1',
            [p.requestId],
            `help request ${p.requestId} of link ${p.id} exists`,
          ),
        ];
      }
      default:
        return [];
    }
  },
};
