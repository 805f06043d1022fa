import { prepared, Sql } from '../../../platform/db/database';
import { StoredEvent } from '../../../platform/event-store/event.types';
import { assertInvariant } from '../../../platform/errors';
import { Projection } from '../../../platform/projections/projection';
import { EpinEvent, MemberToppedUp } from '../domain/epin.events';

const EPIN_USED_SQL = prepared(
  `update epins set status = 'used', used_for = $3, used_at = $4, version = $5
    where number = $1 and owner_uid = $2 and status = 'unused' and version = $5 - 1`,
);
const TOPUP_INSERT_SQL = prepared(
  `insert into topups (position, member_uid, activator_uid, epin, epin_type, value_paise, kind, topped_up_at)
   values ($1, $2, $3, $4, $5, $6, $7, $8)`,
);

const numberOf = (event: StoredEvent): string => event.streamId.slice('epin-'.length);

/** One row per e-pin: owner, state, where it came from. Changes are conditional, so a second use or a move of a used e-pin breaks loudly. */
export const epinsProjection: Projection = {
  name: 'epins',
  tables: ['epins', 'epin_transfers'],
  handles: ['EpinIssued', 'EpinTransferred', 'EpinUsed'],
  async apply(sql: Sql, event: StoredEvent): Promise<void> {
    const e = { type: event.type, payload: event.payload } as EpinEvent;
    const number = numberOf(event);
    switch (e.type) {
      case 'EpinIssued':
        await sql.execute(
          `insert into epins (number, type, value_paise, owner_uid, issued_at, received_at, source_kind, source_ref, version)
           values ($1, $2, $3, $4, $5, $5, $6, $7, $8)`,
          [number, e.payload.epinType, e.payload.valuePaise, e.payload.owner, event.recordedAt, e.payload.source.kind, e.payload.source.ref, event.streamVersion],
        );
        return;
      case 'EpinTransferred': {
        const moved = await sql.execute(
          `update epins set owner_uid = $3, received_at = $4, version = $5
            where number = $1 and owner_uid = $2 and status = 'unused' and version = $5 - 1`,
          [number, e.payload.from, e.payload.to, event.recordedAt, event.streamVersion],
        );
        assertInvariant(moved.rowCount === 1, `e-pin ${number} moved while not unused with ${e.payload.from}`);
        await sql.execute('insert into epin_transfers (position, number, from_uid, to_uid, transferred_at) values ($1, $2, $3, $4, $5)', [event.position, number, e.payload.from, e.payload.to, event.recordedAt]);
        return;
      }
      case 'EpinUsed': {
        const used = await sql.execute(
          EPIN_USED_SQL,
          [number, e.payload.by, e.payload.member, event.recordedAt, event.streamVersion],
        );
        assertInvariant(used.rowCount === 1, `e-pin ${number} used twice`);
        return;
      }
    }
  },
};

/** Top-ups: what the member's status, packages and the Registration History read. */
export const topupsProjection: Projection = {
  name: 'topups',
  tables: ['topups'],
  handles: ['MemberToppedUp'],
  async apply(sql: Sql, event: StoredEvent): Promise<void> {
    const p = event.payload as MemberToppedUp;
    await sql.execute(
      TOPUP_INSERT_SQL,
      [event.position, event.streamId.slice('member-'.length), p.activator, p.epin, p.epinType, p.valuePaise, p.kind, event.recordedAt],
    );
  },
};

export const helpRequestsProjection: Projection = {
  name: 'help-requests',
  tables: ['help_requests'],
  handles: ['HelpRequested'],
  async apply(sql: Sql, event: StoredEvent): Promise<void> {
    const p = event.payload as { id: string; uid: string; epinType: string; tierPaise: string; kind: string; topupPosition: string };
    await sql.execute(
      'insert into help_requests (id, uid, epin_type, tier_paise, kind, topup_position, requested_at) values ($1, $2, $3, $4, $5, $6, $7)',
      [p.id, p.uid, p.epinType, p.tierPaise, p.kind, p.topupPosition, event.recordedAt],
    );
  },
};
