import { prepared, Sql } from '../../platform/db/sql';
import { EARLIER_IN_LEDGER, ledgerHorizon } from '../../platform/event-store/ledger-order';
import { MemberToppedUp } from '../epins';
import { settingsBeforeSql, SettingKey, Settings, settingsFrom } from '../settings';
import { Upline } from './domain/level-income.decide';
import { levelIncomeStream, MAX_INCOME_LEVELS } from './domain/level-income.events';

/**
 * Everything the payments decide on, for one or more top-ups (`$1`, positions), in one round trip
 * and one snapshot: each top-up event, whether every ledger writer older than the top-up's
 * transaction has ended (`settled`, below the ledger's horizon: only then is all that comes before
 * it in the ledger's order final), whether its level income stream exists, the settings in force
 * before it (the same query as `loadSettings(tx, position)`), and the uplines up to $2 levels above
 * the member (`member_tree` closure rows), each with whether its activation came before the top-up.
 */
const INCOME_INPUTS_SQL = prepared(
  `select e.position::text as position, e.stream_id, e.payload,
          e.tx_id < ${ledgerHorizon('pg_current_snapshot()')} as settled,
          exists (select 1 from events d where d.stream_id = '${levelIncomeStream('')}' || e.position) as already_paid,
          (select coalesce(json_agg(json_build_object('key', s.key, 'value', s.value)), '[]') from (${settingsBeforeSql('e.position')}) s) as settings,
          (select coalesce(json_agg(json_build_object('uid', t.ancestor_uid, 'depth', t.depth, 'active_before', coalesce(${EARLIER_IN_LEDGER('a', 'e')}, false))), '[]')
             from member_tree t join members m on m.uid = t.ancestor_uid left join events a on a.position = m.activated_position
            where t.descendant_uid = substr(e.stream_id, length('member-') + 1)::bpchar and t.depth <= $2) as uplines
     from events e
    where e.position = any($1::bigint[]) and e.type = 'MemberToppedUp'`,
);

export interface IncomeInputs {
  fromUid: string;
  topup: MemberToppedUp;
  settled: boolean;
  alreadyPaid: boolean;
  settings: Settings;
  uplines: Upline[];
}

/** The inputs of one top-up's level income (see INCOME_INPUTS_SQL); null when the position is not a top-up. */
export async function loadIncomeInputs(tx: Sql, topupPosition: string): Promise<IncomeInputs | null> {
  return (await loadIncomeInputsOf(tx, [topupPosition])).get(topupPosition) ?? null;
}

/** The inputs of several top-ups' level income, by position; a position that is not a top-up is absent. */
export async function loadIncomeInputsOf(
  tx: Sql,
  topupPositions: readonly string[],
): Promise<Map<string, IncomeInputs>> {
  const rows = await tx.query<{
    position: string;
    stream_id: string;
    payload: MemberToppedUp;
    settled: boolean;
    already_paid: boolean;
    settings: Array<{ key: SettingKey; value: unknown }>;
    uplines: Array<{ uid: string; depth: number; active_before: boolean }>;
  }>(INCOME_INPUTS_SQL, [topupPositions, MAX_INCOME_LEVELS]);
  return new Map(
    rows.map((row) => [
      row.position,
      {
        fromUid: row.stream_id.slice('member-'.length),
        topup: row.payload,
        settled: row.settled,
        alreadyPaid: row.already_paid,
        settings: settingsFrom(row.settings),
        uplines: row.uplines.map((u) => ({ uid: u.uid, depth: u.depth, activeBefore: u.active_before })),
      },
    ]),
  );
}
