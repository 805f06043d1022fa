import { EpinType } from '../../epins';
import { HELP_OUTCOME, HELP_TIER_PAISE, HelpRequested } from './help.events';

export interface RequestHelp {
  id: string;
  uid: string;
  epinType: EpinType;
}

/** What a help request decides on: whether one is still open, and the member's status before the top-up. */
export interface HelpState {
  openRequest: boolean;
  memberStatus: 'Active' | 'Inactive';
}

/** A member may have one open help request; the new one names the tier of its e-pin type. */
export function decideOpenRequest(
  state: HelpState,
): { ok: false; outcome: typeof HELP_OUTCOME.alreadyOpen } | { ok: true; kind: 'Upgrade' | 'Activate' } {
  if (state.openRequest) return { ok: false, outcome: HELP_OUTCOME.alreadyOpen };
  return { ok: true, kind: state.memberStatus === 'Active' ? 'Upgrade' : 'Activate' };
}

/** The request itself, once its top-up is in (at `topupPosition`). */
export function decideRequestHelp(
  command: RequestHelp,
  kind: 'Upgrade' | 'Activate',
  topupPosition: string,
): Array<{ type: 'HelpRequested'; payload: HelpRequested }> {
  const { id, uid, epinType } = command;
  return [
    {
      type: 'HelpRequested',
      payload: { id, uid, epinType, tierPaise: HELP_TIER_PAISE[epinType].toString(), kind, topupPosition },
    },
  ];
}
