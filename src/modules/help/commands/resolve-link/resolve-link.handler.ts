import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '../../../../platform/errors';
import { Ledger } from '../../../../platform/ledger';
import { loadSettings } from '../../../settings';
import { decideResolve } from '../../domain/help-link.decide';
import { appendLinkEvents, lockLinkContext } from '../../steps/settle-link';
import { ResolveLinkCommand } from './resolve-link.command';

@CommandHandler(ResolveLinkCommand)
export class ResolveLinkHandler implements ICommandHandler<ResolveLinkCommand, { id: string; state: string }> {
  constructor(private readonly ledger: Ledger) {}

  execute({ linkId, outcome, remark, by, metadata }: ResolveLinkCommand): Promise<{ id: string; state: string }> {
    return this.ledger.run(metadata, async (tx) => {
      const ctx = await lockLinkContext(tx, linkId);
      if (!ctx) throw new DomainError('HELP.NO_SUCH_LINK', `No help link ${linkId}`, 'not-found');
      const decision = decideResolve(ctx.link.state, { outcome, remark, by }, ctx.sides);
      if (!decision.ok) throw new DomainError(decision.outcome.code, decision.outcome.text, 'conflict');
      await appendLinkEvents(tx, ctx, decision.events, await loadSettings(tx));
      return { id: linkId, state: outcome === 'received' ? 'Received' : 'Cancel' };
    });
  }
}
