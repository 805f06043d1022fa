import { Ledger } from '../../../platform/ledger';
import { MemberToppedUp } from '../../epins/domain/epin.events';
import { decideLevelIncome } from '../../epins/domain/epin.decide';
import { loadSettings } from '../../settings/settings';

/** Uplines considered: the business rules pay up to 15 levels. */
export const MAX_INCOME_LEVELS = 15;

export const levelIncomeStream = (topupPosition: string): string => `level-income-${topupPosition}`;

/**
 * Pays the level income of one top-up, in one transaction. Its stream `level-income-<position>`
 * can only ever have a version 1: a second run (a retried job, a replayed relay) finds it and
 * stops, and two racing runs collide on the version, so each (top-up, level) is paid once.
 * Rates are the settings in force before the top-up; "active" means activated before it.
 */
export async function payLevelIncome(ledger: Ledger, topupPosition: string): Promise<'paid' | 'already-paid' | 'not-a-top-up'> {
  return ledger.run({ actor: { kind: 'system', id: 'level-income' }, correlationId: `topup-${topupPosition}`, causationId: topupPosition }, async (tx) => {
    const [topup] = await tx.query<{ stream_id: string; payload: MemberToppedUp }>(
      "select stream_id, payload from events where position = $1 and type = 'MemberToppedUp'",
      [topupPosition],
    );
    if (!topup) return 'not-a-top-up';
    const done = await tx.query('select 1 from events where stream_id = $1', [levelIncomeStream(topupPosition)]);
    if (done.length) return 'already-paid';
    const fromUid = topup.stream_id.slice('member-'.length);
    const settings = await loadSettings(tx, topupPosition);
    const uplines = await tx.query<{ uid: string; depth: number; activated_position: string | null }>(
      `select t.ancestor_uid as uid, t.depth, m.activated_position::text as activated_position
         from member_tree t join members m on m.uid = t.ancestor_uid
        where t.descendant_uid = $1 and t.depth <= $2`,
      [fromUid, MAX_INCOME_LEVELS],
    );
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
    ]);
    return 'paid';
  });
}
