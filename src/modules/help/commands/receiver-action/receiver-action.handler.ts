import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Ledger } from '../../../../platform/ledger';
import { loadSettings } from '../../../settings';
import { decideReceiverAction } from '../../domain/help-link.decide';
import { HELP_OUTCOME, HelpOutcome } from '../../domain/help.events';
import { appendLinkEvents, lockLinkContext } from '../../steps/settle-link';
import { ReceiverActionCommand } from './receiver-action.command';

/** Lock the link (and its request and entries), decide, append: one resolution however many arrive at once. */
@CommandHandler(ReceiverActionCommand)
export class ReceiverActionHandler implements ICommandHandler<ReceiverActionCommand, HelpOutcome> {
  constructor(private readonly ledger: Ledger) {}

  execute({ uid, linkId, status, remark, metadata }: ReceiverActionCommand): Promise<HelpOutcome> {
    if (status === 2 && !remark.trim()) return Promise.resolve(HELP_OUTCOME.remarkRequired);
    return this.ledger.run(metadata, async (tx) => {
      const ctx = await lockLinkContext(tx, linkId);
      const decision = decideReceiverAction(
        ctx?.link.state ?? null,
        { uid, status, remark },
        ctx?.sides ?? NO_SIDES,
        tx.now,
      );
      if (!decision.ok || !ctx) return decision.outcome;
      await appendLinkEvents(tx, ctx, decision.events, await loadSettings(tx));
      return decision.outcome;
    });
  }
}

const NO_SIDES = { request: { failures: 0, phWaitingPaise: 0n }, gh: { amountPaise: 0n, receivedPaise: 0n } };
