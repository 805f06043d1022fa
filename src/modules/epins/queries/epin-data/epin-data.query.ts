import { Injectable } from '@nestjs/common';
import { Database } from '../../../../platform/db/database';
import { Sql } from '../../../../platform/db/sql';
import { EPIN_MSG } from '../../domain/epin.events';

/** The caller's oldest unused e-pin (the dashboard's ACTIVATE ID): `EpinData`. */
export async function epinData(db: Sql, uid: string) {
  const [epin] = await db.query<{ number: string; type: string }>(
    "select number, type from epins where owner_uid = $1 and status = 'unused' order by received_at, number limit 1",
    [uid],
  );
  return epin
    ? { result: { result: 'Successfull', epintype: epin.type }, data: [[{ epin: epin.number }]] }
    : { result: { result: EPIN_MSG.insufficient, epintype: '' }, data: [[]] };
}

/** `EpinData` as the member API injects it. */
@Injectable()
export class EpinDataQuery {
  constructor(private readonly db: Database) {}

  run(uid: string) {
    return epinData(this.db, uid);
  }
}
