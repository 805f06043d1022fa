import { Ledger } from '../../../platform/ledger';
import { MemberToppedUp } from '../../epins/domain/epin.events';
import { decideLevelIncome } from '../../epins/domain/epin.decide';
import { prepared } from '../../../platform/db/database';
import { SETTINGS_BEFORE_SQL, SettingKey, settingsFrom } from '../../settings/settings';

/** Uplines considered: the business rules pay up to 15 levels. */
export const MAX_INCOME_LEVELS = 15;

export const levelIncomeStream = (topupPosition: string): string => `level-income-${topupPosition}`;

/**
 * Everything the payment decides on, in one round trip and one snapshot: the top-up event,
 * whether its level income stream exists, the settings in force before it (the same query as
 * `loadSettings(tx, position)`), and the uplines up to $3 levels above the member (`member_tree`
 * closure rows with each upline's activation position).
 */
const INCOME_INPUTS_SQL = prepared(
  `select e.stream_id, e.payload,
          exists (select 1 from events d where d.stream_id = $2) as already_paid,
          (select coalesce(json_agg(json_build_object('key', s.key, 'value', s.value)), '[]') from (${SETTINGS_BEFORE_SQL}) s) as settings,
          (select coalesce(json_agg(json_build_object('uid', t.ancestor_uid, 'depth', t.depth, 'activated_position', m.activated_position::text)), '[]')
             from member_tree t join members m on m.uid = t.ancestor_uid
            where t.descendant_uid = substr(e.stream_id, length('member-') + 1)::bpchar and t.depth <= $3) as uplines
     from events e
    where e.position = $1 and e.type = 'MemberToppedUp'`,
);

/**
 * Pays the level income of one top-up, in one transaction. Its stream `level-income-<position>`
 * can only ever have a version 1: a second run (a retried job, a replayed relay) finds it and
 * stops, and two racing runs collide on the version, so each (top-up, level) is paid once.
 * Rates are the settings in force before the top-up; "active" means activated before it.
 */
export async function payLevelIncome(ledger: Ledger, topupPosition: string): Promise<'paid' | 'already-paid' | 'not-a-top-up'> {
  return ledger.run({ actor: { kind: 'system', id: 'level-income' }, correlationId: `topup-${topupPosition}`, causationId: topupPosition }, async (tx) => {
    const [topup] = await tx.query<{
      stream_id: string;
      payload: MemberToppedUp;
      already_paid: boolean;
      settings: Array<{ key: SettingKey; value: unknown }>;
      uplines: Array<{ uid: string; depth: number; activated_position: string | null }>;
    }>(INCOME_INPUTS_SQL, [topupPosition, levelIncomeStream(topupPosition), MAX_INCOME_LEVELS]);
    if (!topup) return 'not-a-top-up';
    if (topup.already_paid) return 'already-paid';
    const fromUid = topup.stream_id.slice('member-'.length);
    const settings = settingsFrom(topup.settings);
    const uplines = topup.uplines;
    const packagePaise = BigInt(topup.payload.valuePaise);
    const decision = decideLevelIncome(
      packagePaise,
      BigInt(topupPosition),
      settings.levelIncomeRatesBp.slice(0, MAX_INCOME_LEVELS),
      uplines.map((u) => ({ uid: u.uid, depth: u.depth, activatedPosition: u.activated_position === null ? null : BigInt(u.activated_position) })),
    );
    await tx.append(levelIncomeStream(topupPosition), 0, [
      {
        type: 'LevelIncomeDistributed',
        payload: {
          topupPosition,
          fromUid,
          packagePaise: packagePaise.toString(),
          levels: decision.levels.map((l) => ({ level: l.level, uid: l.uid, rateBp: l.rateBp, amountPaise: l.amountPaise.toString(), paid: l.paid, ...(l.reason ? { reason: l.reason } : {}) })),
          postings: decision.postings,
        },
      },
    ], { last: true });
    return 'paid';
  });
}
