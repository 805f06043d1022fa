import { prepared, Sql } from '../../platform/db/sql';
import { Locked } from '../../platform/event-store/locked';
import { LedgerTx } from '../../platform/ledger';
import { memberStream } from '../identity';
import { TopUpTarget } from './domain/epin.decide';
import { EpinState, epinStream } from './domain/epin.events';
import { EPIN_PATTERN } from './domain/epin-number';
import { EpinType } from './domain/epin-type';

// Each locking read also returns the hash of the stream's event at the row's version (the head
// the append chains onto), so the appends need no read of their own.
const LOCK_EPIN_SQL = prepared(
  `select number, type, value_paise::text as value_paise, owner_uid, status, version,
          (select hash from events where stream_id = $2 and stream_version = epins.version) as head_hash
     from epins where number = $1 for update`,
);
const LOCK_MEMBER_SQL = prepared(
  `select uid, status, current_package_paise::text, total_package_paise::text, version,
          (select hash from events where stream_id = $2 and stream_version = members.version) as head_hash
     from members where uid = $1 for update`,
);

/** One e-pin's row, locked, with its stream's head; null for a number that is not an e-pin. */
export async function lockEpin(tx: Sql, number: string): Promise<Locked<EpinState> | null> {
  const [row] = await tx.query<{
    number: string;
    type: EpinType;
    value_paise: string;
    owner_uid: string;
    status: 'unused' | 'used';
    version: number;
    head_hash: string | null;
  }>(LOCK_EPIN_SQL, [number, epinStream(number)]);
  if (!row) return null;
  return {
    streamId: epinStream(row.number),
    state: {
      number: row.number,
      type: row.type,
      valuePaise: BigInt(row.value_paise),
      ownerUid: row.owner_uid,
      status: row.status,
    },
    version: row.version,
    // The hash is only the head of this row's stream if the row is the one the stream was named after.
    headHash: row.number === number ? row.head_hash : null,
  };
}

/** The member a top-up applies to, locked, with the head of their stream; null for no such member. */
export async function lockMember(tx: Sql, uid: string): Promise<Locked<TopUpTarget> | null> {
  const [row] = await tx.query<{
    uid: string;
    status: 'Active' | 'Inactive';
    current_package_paise: string;
    total_package_paise: string;
    version: number;
    head_hash: string | null;
  }>(LOCK_MEMBER_SQL, [uid, memberStream(uid)]);
  if (!row) return null;
  return {
    streamId: memberStream(row.uid),
    state: {
      uid: row.uid,
      status: row.status,
      currentPackagePaise: BigInt(row.current_package_paise),
      totalPackagePaise: BigInt(row.total_package_paise),
    },
    version: row.version,
    headHash: row.uid === uid ? row.head_hash : null,
  };
}

/**
 * A top-up's two locks in one round trip; they still run in this order (e-pin, then member). Text
 * that is not an e-pin number locks nothing and reads as no e-pin.
 */
export function lockEpinAndMember(
  tx: LedgerTx,
  epinNumber: string,
  memberUid: string,
): Promise<[Locked<EpinState> | null, Locked<TopUpTarget> | null]> {
  return tx.batch(() =>
    Promise.all([EPIN_PATTERN.test(epinNumber) ? lockEpin(tx, epinNumber) : null, lockMember(tx, memberUid)]),
  );
}

/** A member's oldest unused e-pins of a type, at most `limit`, locked (no head: each append reads its own). */
export async function lockOldestUnused(
  tx: Sql,
  ownerUid: string,
  epinType: EpinType,
  limit: number,
): Promise<Array<Locked<{ number: string }>>> {
  const rows = await tx.query<{ number: string; version: number }>(
    `select number, version from epins where owner_uid = $1 and type = $2 and status = 'unused'
      order by received_at, number limit $3 for update`,
    [ownerUid, epinType, limit],
  );
  return rows.map((row) => ({
    streamId: epinStream(row.number),
    state: { number: row.number },
    version: row.version,
    headHash: null,
  }));
}

/** The number of a member's oldest unused e-pin of a type (not locked: the top-up that uses it locks it). */
export async function oldestUnusedEpin(tx: Sql, ownerUid: string, epinType: EpinType): Promise<string | null> {
  const [oldest] = await tx.query<{ number: string }>(
    "select number from epins where owner_uid = $1 and type = $2 and status = 'unused' order by received_at, number limit 1",
    [ownerUid, epinType],
  );
  return oldest?.number ?? null;
}
