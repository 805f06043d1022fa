import { prepared } from '../../../platform/db/sql';
import {
  eventPosition,
  EVENT_TIME,
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

/** The transitions of a link's own stream (`help-link-<id>`), after its creation. */
const LINK_TRANSITIONS = [
  'HelpLinkPaid',
  'HelpLinkReceived',
  'HelpLinkCancelled',
  'HelpLinkExpired',
  'HelpLinkDisputed',
  'HelpLinkResolved',
  'HelpLinkReturned',
];

/**
 * Replay's rebuild of `help_links` (decision 0046's amendment). The links as created (a batch's
 * links at version 0, a lone `HelpLinkCreated` at its own version), then a walk of every link's
 * transitions one version per step — set-based over all links, as many steps as the longest link
 * stream has events — each step doing what `project`'s conditional update does: the same columns
 * set, the same condition on the row as it stands, the version the next one. A step whose
 * condition fails ends that link's walk as not legal; the checks after it fail the replay on it, or
 * on a transition no walk reached (a version gap, a link never created), as `exactlyOneRow` fails
 * the event by event.
 */
const LINKS_CREATED = `create temporary table replay_links on commit drop as
  select l.id, l."phEntryId" as ph_entry_id, l."ghEntryId" as gh_entry_id, l.sender->>'uid' as sender_uid,
         l.receiver->>'uid' as receiver_uid, l.sender->>'name' as sender_name, l.sender->>'mobile' as sender_mobile,
         l.receiver->>'name' as receiver_name, l.receiver->>'mobile' as receiver_mobile, l."amountPaise" as amount_paise,
         l.bank->>'bankName' as bank_name, l.bank->>'branch' as branch, l.bank->>'ifsc' as ifsc,
         l.bank->>'accountNumber' as accountnumber, l.bank->>'holder' as holder, l.bank->>'gpay' as gpay,
         l.deadline, ${EVENT_TIME} as created_at, l.manual,
         case when events.type = 'HelpLinksCreated' then 0 else events.stream_version end as version,
         events.position as created_position
    from events
   cross join lateral jsonb_path_query(events.payload, case when events.type = 'HelpLinksCreated' then '$.links[*]' else '$' end::jsonpath) as j(link)
   cross join lateral jsonb_to_record(j.link) as l(id text, "phEntryId" text, "ghEntryId" text, sender jsonb, receiver jsonb,
                                                 bank jsonb, "amountPaise" bigint, deadline timestamptz, manual boolean)
   where events.type in ('HelpLinksCreated', 'HelpLinkCreated')`;

/**
 * The links' transitions, looked up by (link, version) at each step of the walk: a table with an
 * index and its statistics, so that each step joins through the index (or a hash) — a CTE scan in
 * the recursion's join made each step read every transition once per walking link.
 */
const LINKS_TRANSITIONS = [
  `create temporary table replay_link_transitions on commit drop as
     select substr(events.stream_id, length('help-link-') + 1) as id, events.stream_version as v, events.type,
            events.payload, ${EVENT_TIME} as at
       from events where events.type in (${LINK_TRANSITIONS.map((t) => `'${t}'`).join(', ')})`,
  'create index on replay_link_transitions (id, v)',
  'analyze replay_link_transitions',
  'analyze replay_links',
];

const LINKS_WALK = `create temporary table replay_link_walk on commit drop as
  with recursive walk (id, version, step, legal, what, state, settled, utr, remark, gh_remark, paid_at, received_at, closed_at,
             cancelled_at, disputed_at) as (
         select id, version, false, true, null::text, 'Pending'::text, false, null::text, ''::text, ''::text,
                null::timestamptz, null::timestamptz, null::timestamptz, null::timestamptz, null::timestamptz
           from replay_links
         union all
         select w.id, e.v, true, x.legal, x.what,
                case when not x.legal then w.state
                     when e.type = 'HelpLinkPaid' then 'Paid'
                     when e.type = 'HelpLinkReceived' then 'Received'
                     when e.type = 'HelpLinkCancelled' then 'Cancel'
                     when e.type = 'HelpLinkExpired' then 'Expired'
                     when e.type = 'HelpLinkDisputed' then 'Disputed'
                     when e.type = 'HelpLinkResolved' and e.payload->>'outcome' = 'cancel' then 'Cancel'
                     else w.state end,
                w.settled or (x.legal and e.type in ('HelpLinkReceived', 'HelpLinkReturned')),
                case when x.legal and e.type = 'HelpLinkPaid' then e.payload->>'utr' else w.utr end,
                case when x.legal and e.type in ('HelpLinkDisputed', 'HelpLinkResolved') then e.payload->>'remark' else w.remark end,
                case when x.legal and e.type = 'HelpLinkCancelled' then e.payload->>'remark' else w.gh_remark end,
                case when x.legal and e.type = 'HelpLinkPaid' then e.at else w.paid_at end,
                case when x.legal and e.type = 'HelpLinkReceived' then e.at else w.received_at end,
                case when x.legal and e.type in ('HelpLinkReceived', 'HelpLinkReturned') then e.at else w.closed_at end,
                case when x.legal and e.type = 'HelpLinkCancelled' then e.at else w.cancelled_at end,
                case when x.legal and e.type = 'HelpLinkDisputed' then e.at else w.disputed_at end
           from walk w
           join replay_link_transitions e on e.id = w.id and e.v = w.version + 1
          cross join lateral (select case e.type
                   when 'HelpLinkPaid' then w.state = 'Pending'
                   when 'HelpLinkReceived' then not w.settled
                   when 'HelpLinkCancelled' then w.state in ('Pending', 'Paid')
                   when 'HelpLinkExpired' then w.state = 'Pending'
                   when 'HelpLinkDisputed' then w.state in ('Paid', 'Cancel') and not w.settled
                   else not w.settled end as legal,
                 case e.type
                   when 'HelpLinkPaid' then 'paid while Pending'
                   when 'HelpLinkReceived' then 'received once'
                   when 'HelpLinkCancelled' then 'cancelled while open'
                   when 'HelpLinkExpired' then 'expired while Pending'
                   when 'HelpLinkDisputed' then 'disputed while open'
                   when 'HelpLinkResolved' then 'resolved while open'
                   else 'returned once (' || (e.payload->>'reason') || ')' end as what) x
          where w.legal)
  select * from walk`;

/** A step whose condition failed, or a transition no walk reached: the event by event would have failed on it. */
const LINKS_CHECK = `select ledger_assert(x.problem is null, x.problem)
    from (select coalesce(
           (select 'help link ' || id || ': ' || what from replay_link_walk where not legal limit 1),
           (select 'help link ' || t.id || ': no row at version ' || (t.v - 1) || ' for its ' || t.type
              from replay_link_transitions t
             where not exists (select 1 from replay_link_walk w where w.id = t.id and w.version = t.v and w.step)
             limit 1)) as problem) x`;

const LINKS_INSERT = `insert into help_links (${LINK_COLUMNS}, utr, remark, gh_remark, settled, paid_at, received_at, closed_at,
       cancelled_at, disputed_at)
  select l.id, l.ph_entry_id, l.gh_entry_id, l.sender_uid, l.receiver_uid, l.sender_name, l.sender_mobile, l.receiver_name,
         l.receiver_mobile, l.amount_paise, w.state, l.bank_name, l.branch, l.ifsc, l.accountnumber, l.holder, l.gpay,
         l.deadline, l.created_at, l.manual, w.version, l.created_position, w.utr, w.remark, w.gh_remark, w.settled,
         w.paid_at, w.received_at, w.closed_at, w.cancelled_at, w.disputed_at
    from replay_links l
    join (select distinct on (id) * from replay_link_walk order by id, version desc) w on w.id = l.id`;

/** One row per help link, in its current state, with the parties and bank details copied at creation. */
export const helpLinksProjection: Projection = {
  name: 'help-links',
  tables: ['help_links'],
  handles: ['HelpLinksCreated', 'HelpLinkCreated', ...LINK_TRANSITIONS],
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
  rebuild: [LINKS_CREATED, ...LINKS_TRANSITIONS, LINKS_WALK, 'analyze replay_link_walk', LINKS_CHECK, LINKS_INSERT],
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
  // Replay (decision 0046's amendment): the rows as `project` inserts them, all at once; the
  // primary keys built after the load refuse a UTR used twice as the inserts would.
  rebuild: [
    `insert into utr_claims (utr_key, utr, source, source_id, uid, claimed_at)
     select upper(btrim(p.utr)), p.utr, 'help-link', p.id, p."senderUid", ${EVENT_TIME}
       from events cross join lateral jsonb_to_record(events.payload) as p(utr text, id text, "senderUid" text)
      where events.type = 'HelpLinkPaid'
     union all
     select upper(btrim(p.utrno)), p.utrno, 'epin-request', p.id, p.uid, ${EVENT_TIME}
       from events cross join lateral jsonb_to_record(events.payload) as p(utrno text, id text, uid text)
      where events.type = 'EpinRequestSubmitted'`,
    `insert into utr_flags (id, utr, uid, help_link_id, epin_request_id, claimed_source, claimed_id, at)
     select p.id, p.utr, p.uid, p."helpLinkId", p."epinRequestId", p."claimedSource", p."claimedId", ${EVENT_TIME}
       from events
      cross join lateral jsonb_to_record(events.payload)
                 as p(id text, utr text, uid text, "helpLinkId" text, "epinRequestId" text, "claimedSource" text, "claimedId" text)
      where events.type = 'UtrReuseFlagged'`,
  ],
};
