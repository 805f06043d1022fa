import { prepared } from '../../../platform/db/sql';
import {
  eventPosition,
  exactlyOneRow,
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
};
