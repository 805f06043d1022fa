import { Outcome } from '../../../platform/errors';
import { EpinType } from '../../epins';

/** Help tiers by e-pin type (business rules: Help). */
export const HELP_TIER_PAISE: Record<EpinType, bigint> = { EpintypeB: 500_000n, EpintypeA: 1_000_000n };

export const helpRequestStream = (id: string): string => `help-request-${id}`;

/** Events of one help request's stream `help-request-<id>`. */
export type HelpEvent = { type: 'HelpRequested'; payload: HelpRequested };

export interface HelpRequested {
  id: string;
  uid: string;
  epinType: EpinType;
  tierPaise: string;
  kind: 'Upgrade' | 'Activate';
  /** The position of the top-up that came with the request. */
  topupPosition: string;
}

/** The member contract's outcomes of a help request that are the help context's own. */
export const HELP_OUTCOME = {
  alreadyOpen: { code: 'HELP.ALREADY_OPEN', text: 'You already have an open help request' },
} as const satisfies Record<string, Outcome>;
