import { Ledger } from '../../../platform/ledger';
import { MemberToppedUp } from '../../epins/domain/epin.events';
import { decideLevelIncome } from '../../epins/domain/epin.decide';
import { prepared } from '../../../platform/db/sql';
import { EARLIER_IN_LEDGER } from '../../../platform/event-store/ledger-order';
import { SETTINGS_BEFORE_SQL, SettingKey, settingsFrom } from '../../settings/settings';

/** Uplines considered: the business rules pay up to 15 levels. */
export const MAX_INCOME_LEVELS = 15;

export const levelIncomeStream = (topupPosition: string): string => `level-income-${topupPosition}`;

/** How long a payment waits, by default, for older transactions to end before it fails (and its job is retried). */
export const SETTLE_WAIT_MS = 10_000;
const SETTLE_POLL_MS = 20;

/**
 * Everything the payment decides on, in one round trip and one snapshot: the top-up event, whether
 * every transaction older than the top-up's has ended (`settled`: only then is all that comes before
 * it in the ledger's order final), whether its level income stream exists, the settings in force
 * before it (the same query as `loadSettings(tx, position)`), and the uplines up to $3 levels above
 * the member (`member_tree` closure rows), each with whether its activation came before the top-up.
 */
const INCOME_INPUTS_SQL = prepared(
  `select e.stream_id, e.payload,
          e.tx_id < pg_snapshot_xmin(pg_current_snapshot()) as settled,
          exists (select 1 from events d where d.stream_id = $2) as already_paid,
          (select coalesce(json_agg(json_build_object('key', s.key, 'value', s.value)), '[]') from (${SETTINGS_BEFORE_SQL}) s) as settings,
          (select coalesce(json_agg(json_build_object('uid', t.ancestor_uid, 'depth', t.depth, 'active_before', coalesce(${EARLIER_IN_LEDGER('a', 'e')}, false))), '[]')
             from member_tree t join members m on m.uid = t.ancestor_uid left join events a on a.position = m.activated_position
            where t.descendant_uid = substr(e.stream_id, length('member-') + 1)::bpchar and t.depth <= $3) as uplines
     from events e
    where e.position = $1 and e.type = 'MemberToppedUp'`,
);

/**
 * Pays the level income of one top-up, in one transaction. Its stream `level-income-<position>`
 * can only ever have a version 1: a second run (a retried job, a replayed relay) finds it and
 * stops, and two racing runs collide on the version, so each (top-up, level) is paid once.
 * Rates are the settings in force before the top-up and "active" means activated before it, both in
 * the ledger's commit-safe order (`EARLIER_IN_LEDGER`); so it decides only once every older
 * transaction has ended — the relay delivers only such top-ups; a direct call (a retried job, a
 * test) waits up to `settleWaitMs`, then fails so that its job is retried.
 */
export async function payLevelIncome(ledger: Ledger, topupPosition: string, { settleWaitMs = SETTLE_WAIT_MS } = {}): Promise<'paid' | 'already-paid' | 'not-a-top-up'> {
  for (const started = Date.now(); ; ) {
    const outcome = await payIfSettled(ledger, topupPosition);
    if (outcome !== 'not-settled') return outcome;
    if (Date.now() - started >= settleWaitMs) {
      throw new Error(`level income of top-up ${topupPosition}: a transaction older than the top-up's is still open, so what comes before it is not final yet (the job will be retried)`);
    }
    await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
  }
}

async function payIfSettled(ledger: Ledger, topupPosition: string): Promise<'paid' | 'already-paid' | 'not-a-top-up' | 'not-settled'> {
  return ledger.run({ actor: { kind: 'system', id: 'level-income' }, correlationId: `topup-${topupPosition}`, causationId: topupPosition }, async (tx) => {
    const [topup] = await tx.query<{
      stream_id: string;
      payload: MemberToppedUp;
      settled: boolean;
      already_paid: boolean;
      settings: Array<{ key: SettingKey; value: unknown }>;
      uplines: Array<{ uid: string; depth: number; active_before: boolean }>;
    }>(INCOME_INPUTS_SQL, [topupPosition, levelIncomeStream(topupPosition), MAX_INCOME_LEVELS]);
    if (!topup) return 'not-a-top-up';
    if (topup.already_paid) return 'already-paid';
    if (!topup.settled) return 'not-settled';
    const fromUid = topup.stream_id.slice('member-'.length);
    const settings = settingsFrom(topup.settings);
    const packagePaise = BigInt(topup.payload.valuePaise);
    const decision = decideLevelIncome(
      packagePaise,
      settings.levelIncomeRatesBp.slice(0, MAX_INCOME_LEVELS),
      topup.uplines.map((u) => ({ uid: u.uid, depth: u.depth, activeBefore: u.active_before })),
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
