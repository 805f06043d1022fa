/** The one event of a top-up's level income stream `level-income-<top-up position>`. */
export interface LevelIncomeDistributed {
  topupPosition: string;
  fromUid: string;
  packagePaise: string;
  levels: Array<{
    level: number;
    uid: string | null;
    rateBp: number;
    amountPaise: string;
    paid: boolean;
    reason?: string;
  }>;
  postings: Array<{ account: string; amountPaise: string }>;
}

export type LevelIncomeEvent = { type: 'LevelIncomeDistributed'; payload: LevelIncomeDistributed };

export const levelIncomeStream = (topupPosition: string): string => `level-income-${topupPosition}`;

/** Uplines considered: the business rules pay up to 15 levels. */
export const MAX_INCOME_LEVELS = 15;
