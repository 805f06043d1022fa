/**
 * The far part of the whole-team totals (decision 0052): the members whose uplines more than
 * CLOSURE_DEPTH (15) levels above them have now counted them, each as a registration (one more
 * member) or an activation (one more Active member). One stream, `team-totals`, appended at its
 * head by the `team-totals` processor, one batch per event; a member is counted once per kind.
 */
export interface TeamTotalsCounted {
  counted: Array<{ uid: string; kind: TeamTotalsKind }>;
}

export type TeamTotalsKind = 'registered' | 'activated';

export const TEAM_TOTALS_STREAM = 'team-totals';

/** The shard of `team_counts` that holds the far part of the whole-team rows (depth 0); shards 0..7 hold the near part. */
export const FAR_SHARD = 8;
