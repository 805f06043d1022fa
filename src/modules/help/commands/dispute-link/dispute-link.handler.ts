import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Ledger } from '../../../../platform/ledger';
import { loadSettings } from '../../../settings';
import { decideDispute } from '../../domain/help-link.decide';
import { HelpOutcome } from '../../domain/help.events';
import { appendLinkEvents, lockLinkContext } from '../../steps/settle-link';
import { DisputeLinkCommand } from './dispute-link.command';

@CommandHandler(DisputeLinkCommand)
export class DisputeLinkHandler implements ICommandHandler<DisputeLinkCommand, HelpOutcome> {
  constructor(private readonly ledger: Ledger) {}

  execute({ uid, linkId, remark, metadata }: DisputeLinkCommand): Promise<HelpOutcome> {
    return this.ledger.run(metadata, async (tx) => {
      const ctx = await lockLinkContext(tx, linkId);
      const settings = await loadSettings(tx);
      const decision = decideDispute(ctx?.link.state ?? null, { uid, remark }, settings, tx.now);
      if (!decision.ok || !ctx) return decision.outcome;
      await appendLinkEvents(tx, ctx, decision.events, settings);
      return decision.outcome;
    });
  }
}
