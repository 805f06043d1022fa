import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { isUniqueViolation } from '../../../../platform/db/sql-errors';
import { Ledger } from '../../../../platform/ledger';
import { loadSettings } from '../../../settings';
import { decideSubmitUtr } from '../../domain/help-link.decide';
import { HELP_OUTCOME, HelpOutcome, UTR_PATTERN, utrKey } from '../../domain/help.events';
import { utrClaim } from '../../rows';
import { appendLinkEvents, lockLinkContext } from '../../steps/settle-link';
import { flagUtrReuse, lockUtr } from '../../steps/utr';
import { SubmitUtrCommand } from './submit-utr.command';

/**
 * Lock the UTR and the link, check the UTR was never used (a help link or an e-pin request), decide,
 * append. A reused UTR is refused and flagged for admins; two links racing with one UTR: the claims
 * table's key lets one through, the other is refused and flagged the same way.
 */
@CommandHandler(SubmitUtrCommand)
export class SubmitUtrHandler implements ICommandHandler<SubmitUtrCommand, HelpOutcome> {
  constructor(private readonly ledger: Ledger) {}

  async execute({ uid, linkId, utr: typed, metadata }: SubmitUtrCommand): Promise<HelpOutcome> {
    const utr = typed.trim();
    if (!utr) return HELP_OUTCOME.utrRequired;
    if (!UTR_PATTERN.test(utr)) return HELP_OUTCOME.badUtr;
    try {
      return await this.ledger.run(metadata, async (tx) => {
        await lockUtr(tx, utr);
        const ctx = await lockLinkContext(tx, linkId);
        if (!ctx || ctx.link.state.senderUid !== uid) return HELP_OUTCOME.noSuchLink;
        const claim = await utrClaim(tx, utrKey(utr));
        if (claim && ctx.link.state.state === 'Pending') {
          await flagUtrReuse(tx, { utr, uid, helpLinkId: linkId, epinRequestId: null }, claim);
          return HELP_OUTCOME.utrUsed;
        }
        const decision = decideSubmitUtr(ctx.link.state, { uid, utr }, ctx.sides.request, tx.now);
        if (!decision.ok) return decision.outcome;
        await appendLinkEvents(tx, ctx, decision.events, await loadSettings(tx));
        return decision.outcome;
      });
    } catch (error) {
      if (!isUniqueViolation(error, 'utr_claims_pkey')) throw error;
      return this.ledger.run(metadata, async (tx) => {
        const claim = await utrClaim(tx, utrKey(utr));
        if (claim) await flagUtrReuse(tx, { utr, uid, helpLinkId: linkId, epinRequestId: null }, claim);
        return HELP_OUTCOME.utrUsed;
      });
    }
  }
}
