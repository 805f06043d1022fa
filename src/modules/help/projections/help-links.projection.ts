import { prepared } from '../../../platform/db/sql';
import {
  eventPosition,
  ProjectedEvent,
  Projection,
  Statement,
  exactlyOneRow,
} from '../../../platform/projections/projection';
import {
  HelpLinkCancelled,
  HelpLinkCreated,
  HelpLinksCreated,
  HelpLinkDisputed,
  HelpLinkPaid,
  HelpLinkResolved,
  HelpLinkReturned,
  UtrReuseFlagged,
} from '../domain/help.events';

const linkId = (event: ProjectedEvent): string => event.streamId.slice('help-link-'.length);

const LINK_COLUMNS = `id, ph_entry_id, gh_entry_id, sender_uid, receiver_uid, sender_name, sender_mobile, receiver_name, receiver_mobile,
  amount_paise, state, bank_name, branch, ifsc, accountnumber, holder, gpay, deadline, created_at, manual, version, created_position`;

/**
 * A batch's links, one row each (version 0: the link's own stream has no event yet), in one
 * statement: one array per column; $19/$20 the batch event's stream and version (its position), $21 its time.
 */
const INSERT_LINKS_SQL = prepared(`insert into help_links (${LINK_COLUMNS})
  select u.id, u.ph, u.gh, u.s, u.r, u.sn, u.sm, u.rn, u.rm, u.a, 'Pending', u.bn, u.br, u.ifsc, u.acc, u.h, u.g, u.d, $21::timestamptz, u.m, 0, e.position
    from (select ${eventPosition(19, 20)} as position) e,
         unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
                $10::bigint[], $11::text[], $12::text[], $13::text[], $14::text[], $15::text[], $16::text[], $17::timestamptz[], $18::boolean[])
           as u(id, ph, gh, s, r, sn, sm, rn, rm, a, bn, br, ifsc, acc, h, g, d, m)`);

/** The rows of a `HelpLinksCreated`: its links, as `INSERT_LINKS_SQL` takes them. */
function insertLinks(event: ProjectedEvent): Statement {
  const links = (event.payload as HelpLinksCreated).links;
  const column = <T>(pick: (l: HelpLinksCreated['links'][number]) => T): T[] => links.map(pick);
  return {
    text: INSERT_LINKS_SQL,
    params: [
      column((l) => l.id),
      column((l) => l.phEntryId),
      column((l) => l.ghEntryId),
      column((l) => l.sender.uid),
      column((l) => l.receiver.uid),
      column((l) => l.sender.name),
      column((l) => l.sender.mobile),
      column((l) => l.receiver.name),
      column((l) => l.receiver.mobile),
      column((l) => l.amountPaise),
      column((l) => l.bank.bankName),
      column((l) => l.bank.branch),
      column((l) => l.bank.ifsc),
      column((l) => l.bank.accountNumber),
      column((l) => l.bank.holder),
      column((l) => l.bank.gpay),
      column((l) => l.deadline),
      column((l) => l.manual),
      event.streamId,
      event.streamVersion,
      event.recordedAt,
    ],
  };
}

/** One row per help link, in its current state, with the parties and bank details copied at creation. */
export const helpLinksProjection: Projection = {
  name: 'help-links',
  tables: ['help_links'],
  handles: [
    'HelpLinksCreated',
    'HelpLinkCreated',
    'HelpLinkPaid',
    'HelpLinkReceived',
    'HelpLinkCancelled',
    'HelpLinkExpired',
    'HelpLinkDisputed',
    'HelpLinkResolved',
    'HelpLinkReturned',
  ],
  project(event: ProjectedEvent): Statement[] {
    const v = event.streamVersion;
    const id = linkId(event);
    const at = event.recordedAt;
    const update = (set: string, where: string, params: unknown[], what: string): Statement =>
      exactlyOneRow(
        `update help_links set ${set}, version = $2 where id = $1 and version = $2 - 1 and ${where}`,
        [id, v, ...params],
        `help link ${id}: ${what}`,
      );
    switch (event.type) {
      case 'HelpLinksCreated':
        return [insertLinks(event)];
      case 'HelpLinkCreated': {
        // One link on its own stream (ledgers written before decision 0023).
        const p = event.payload as HelpLinkCreated;
        return [
          {
            text: `insert into help_links (${LINK_COLUMNS})
                   values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'Pending', $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, ${eventPosition(21, 20)})`,
            params: [
              p.id,
              p.phEntryId,
              p.ghEntryId,
              p.sender.uid,
              p.receiver.uid,
              p.sender.name,
              p.sender.mobile,
              p.receiver.name,
              p.receiver.mobile,
              p.amountPaise,
              p.bank.bankName,
              p.bank.branch,
              p.bank.ifsc,
              p.bank.accountNumber,
              p.bank.holder,
              p.bank.gpay,
              p.deadline,
              at,
              p.manual,
              v,
              event.streamId,
            ],
          },
        ];
      }
      case 'HelpLinkPaid': {
        const p = event.payload as HelpLinkPaid;
        return [
          update("state = 'Paid', utr = $3, paid_at = $4", "state = 'Pending'", [p.utr, at], 'paid while Pending'),
        ];
      }
      case 'HelpLinkReceived':
        return [
          update(
            "state = 'Received', settled = true, received_at = $3, closed_at = $3",
            'not settled',
            [at],
            'received once',
          ),
        ];
      case 'HelpLinkCancelled': {
        const p = event.payload as HelpLinkCancelled;
        return [
          update(
            "state = 'Cancel', gh_remark = $3, cancelled_at = $4",
            "state in ('Pending', 'Paid')",
            [p.remark, at],
            'cancelled while open',
          ),
        ];
      }
      case 'HelpLinkExpired':
        return [update("state = 'Expired'", "state = 'Pending'", [], 'expired while Pending')];
      case 'HelpLinkDisputed': {
        const p = event.payload as HelpLinkDisputed;
        return [
          update(
            "state = 'Disputed', disputed_at = $3, remark = $4",
            "state in ('Paid', 'Cancel') and not settled",
            [at, p.remark],
            'disputed while open',
          ),
        ];
      }
      case 'HelpLinkResolved': {
        const p = event.payload as HelpLinkResolved;
        return [
          update(
            "state = case when $3 = 'cancel' then 'Cancel' else state end, remark = $4",
            'not settled',
            [p.outcome, p.remark],
            'resolved while open',
          ),
        ];
      }
      case 'HelpLinkReturned': {
        const p = event.payload as HelpLinkReturned;
        return [update('settled = true, closed_at = $3', 'not settled', [at], `returned once (${p.reason})`)];
      }
      default:
        return [];
    }
  },
};

/** What the UTR claims projection reads of an e-pin request (payments' `EpinRequestSubmitted`). */
interface EpinRequestUtr {
  id: string;
  uid: string;
  utrno: string;
}

/**
 * One row per UTR ever used, by a help link or an e-pin request: its primary key (the UTR, case and
 * surrounding spaces ignored) makes a second use impossible across both.
 */
export const utrClaimsProjection: Projection = {
  name: 'utr-claims',
  tables: ['utr_claims', 'utr_flags'],
  handles: ['HelpLinkPaid', 'EpinRequestSubmitted', 'UtrReuseFlagged'],
  project(event: ProjectedEvent): Statement[] {
    const insert =
      'insert into utr_claims (utr_key, utr, source, source_id, uid, claimed_at) values (upper(btrim($1)), $1, $2, $3, $4, $5)';
    switch (event.type) {
      case 'HelpLinkPaid': {
        const p = event.payload as HelpLinkPaid;
        return [{ text: insert, params: [p.utr, 'help-link', p.id, p.senderUid, event.recordedAt] }];
      }
      case 'EpinRequestSubmitted': {
        const p = event.payload as EpinRequestUtr;
        return [{ text: insert, params: [p.utrno, 'epin-request', p.id, p.uid, event.recordedAt] }];
      }
      case 'UtrReuseFlagged': {
        const p = event.payload as UtrReuseFlagged;
        return [
          {
            text: 'insert into utr_flags (id, utr, uid, help_link_id, epin_request_id, claimed_source, claimed_id, at) values ($1, $2, $3, $4, $5, $6, $7, $8)',
            params: [p.id, p.utr, p.uid, p.helpLinkId, p.epinRequestId, p.claimedSource, p.claimedId, event.recordedAt],
          },
        ];
      }
      default:
        return [];
    }
  },
};
