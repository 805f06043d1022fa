import { prepared } from '../../../platform/db/sql';
import {
  eventPosition,
  EVENT_TIME,
  exactlyOneRow,
  MEMBER_OF_STREAM,
  ProjectedEvent,
  Projection,
  Statement,
} from '../../../platform/projections/projection';
import { EpinEvent, MemberToppedUp } from '../domain/epin.events';

const EPIN_USED_SQL = `update epins set status = 'used', used_for = $3, used_at = $4, version = $5
    where number = $1 and owner_uid = $2 and status = 'unused' and version = $5 - 1`;
const EPIN_MOVED_SQL = `update epins set owner_uid = $3, received_at = $4, version = $5
    where number = $1 and owner_uid = $2 and status = 'unused' and version = $5 - 1`;
// $1, $9: the member's stream and the event's version there (for its position)
const TOPUP_INSERT_SQL = prepared(
  `insert into topups (position, member_uid, activator_uid, epin, epin_type, value_paise, kind, topped_up_at)
   values (${eventPosition(1, 9)}, $2, $3, $4, $5, $6, $7, $8)`,
);

/**
 * Replay's rebuild of `epins` (decision 0046): each e-pin's stream in version order, with the owner
 * before each event (the owner after the one before it: nothing may follow a use). `project` checks
 * event by event that a move or a use starts from the owner of an unused e-pin at the version
 * before; the check below asserts the same of the whole stream, then each e-pin's row is its
 * issue as the last move and its use leave it.
 */
const EPIN_HISTORY = `create temporary table replay_epin_history on commit drop as
  select events.stream_id, events.stream_version, events.type, events.payload, events.position, ${EVENT_TIME} as at,
         row_number() over w as n,
         lag(events.type) over w as type_before,
         lag(case events.type when 'EpinIssued' then events.payload->>'owner' else events.payload->>'to' end) over w as owner_before
    from events
   where events.type in ('EpinIssued', 'EpinTransferred', 'EpinUsed')
  window w as (partition by events.stream_id order by events.stream_version)`;

const EPINS_CHECK = `select ledger_assert(x.what is null, x.what)
    from (select (select 'e-pin ' || substr(stream_id, length('epin-') + 1) || ' ' ||
                         case when type = 'EpinUsed' then 'used twice' else 'moved while not unused with ' || (payload->>'from') end
                    from replay_epin_history
                   where stream_version <> n or (n = 1) <> (type = 'EpinIssued')
                      or (n > 1 and (type_before = 'EpinUsed'
                                     or owner_before is distinct from payload->>(case type when 'EpinUsed' then 'by' else 'from' end)))
                   limit 1) as what) x`;

const EPINS_INSERT = `insert into epins (number, type, value_paise, owner_uid, status, issued_at, received_at, used_for, used_at,
                          source_kind, source_ref, version)
  select substr(i.stream_id, length('epin-') + 1), i.payload->>'epinType', (i.payload->>'valuePaise')::bigint,
         coalesce(m.payload->>'to', i.payload->>'owner'), case when u.stream_id is null then 'unused' else 'used' end,
         i.at, coalesce(m.at, i.at), u.payload->>'member', u.at, i.payload->'source'->>'kind', i.payload->'source'->>'ref',
         coalesce(u.stream_version, m.stream_version, i.stream_version)
    from replay_epin_history i
    left join (select distinct on (stream_id) stream_id, payload, at, stream_version from replay_epin_history
                where type = 'EpinTransferred' order by stream_id, stream_version desc) m on m.stream_id = i.stream_id
    left join replay_epin_history u on u.stream_id = i.stream_id and u.type = 'EpinUsed'
   where i.type = 'EpinIssued'`;

const EPIN_TRANSFERS_INSERT = `insert into epin_transfers (position, number, from_uid, to_uid, transferred_at)
  select position, substr(stream_id, length('epin-') + 1), payload->>'from', payload->>'to', at
    from replay_epin_history where type = 'EpinTransferred'`;

const numberOf = (event: ProjectedEvent): string => event.streamId.slice('epin-'.length);

/** One row per e-pin: owner, state, where it came from. Changes are conditional, so a second use or a move of a used e-pin breaks loudly. */
export const epinsProjection: Projection = {
  name: 'epins',
  tables: ['epins', 'epin_transfers'],
  handles: ['EpinIssued', 'EpinTransferred', 'EpinUsed'],
  project(event: ProjectedEvent): Statement[] {
    const e = { type: event.type, payload: event.payload } as EpinEvent;
    const number = numberOf(event);
    switch (e.type) {
      case 'EpinIssued':
        return [
          {
            text: `insert into epins (number, type, value_paise, owner_uid, issued_at, received_at, source_kind, source_ref, version)
           values ($1, $2, $3, $4, $5, $5, $6, $7, $8)`,
            params: [
              number,
              e.payload.epinType,
              e.payload.valuePaise,
              e.payload.owner,
              event.recordedAt,
              e.payload.source.kind,
              e.payload.source.ref,
              event.streamVersion,
            ],
          },
        ];
      case 'EpinTransferred':
        return [
          exactlyOneRow(
            EPIN_MOVED_SQL,
            [number, e.payload.from, e.payload.to, event.recordedAt, event.streamVersion],
            `e-pin ${number} moved while not unused with ${e.payload.from}`,
          ),
          {
            text: `insert into epin_transfers (position, number, from_uid, to_uid, transferred_at) values (${eventPosition(5, 6)}, $1, $2, $3, $4)`,
            params: [number, e.payload.from, e.payload.to, event.recordedAt, event.streamId, event.streamVersion],
          },
        ];
      case 'EpinUsed':
        return [
          exactlyOneRow(
            EPIN_USED_SQL,
            [number, e.payload.by, e.payload.member, event.recordedAt, event.streamVersion],
            `e-pin ${number} used twice`,
          ),
        ];
    }
    return [];
  },
  rebuild: [EPIN_HISTORY, EPINS_CHECK, EPINS_INSERT, EPIN_TRANSFERS_INSERT],
  // A transfer's row is keyed by its event's position, unique by construction (decision 0053).
  keysByConstruction: ['epin_transfers_pkey'],
};

/** Top-ups: what the member's status, packages and the Registration History read. */
export const topupsProjection: Projection = {
  name: 'topups',
  tables: ['topups'],
  handles: ['MemberToppedUp'],
  project(event: ProjectedEvent): Statement[] {
    const p = event.payload as MemberToppedUp;
    return [
      {
        text: TOPUP_INSERT_SQL,
        params: [
          event.streamId,
          event.streamId.slice('member-'.length),
          p.activator,
          p.epin,
          p.epinType,
          p.valuePaise,
          p.kind,
          event.recordedAt,
          event.streamVersion,
        ],
      },
    ];
  },
  rebuild: [
    `insert into topups (position, member_uid, activator_uid, epin, epin_type, value_paise, kind, topped_up_at)
     select events.position, ${MEMBER_OF_STREAM}, events.payload->>'activator', events.payload->>'epin',
            events.payload->>'epinType', (events.payload->>'valuePaise')::bigint, events.payload->>'kind', ${EVENT_TIME}
       from events where events.type = 'MemberToppedUp'`,
  ],
  // Keyed by its event's position, unique by construction; the e-pin's key (used once) is a check and is built.
  keysByConstruction: ['topups_pkey'],
};
