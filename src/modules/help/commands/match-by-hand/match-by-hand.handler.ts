import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '../../../../platform/errors';
import { Ledger } from '../../../../platform/ledger';
import { loadParties, lockEntry } from '../../rows';
import { createLinks, MATCHING_LOCK } from '../../steps/create-links';
import { MatchByHandCommand } from './match-by-hand.command';

const refuse = (code: string, text: string) => new DomainError(code, text, 'invalid');

/** Under the matching lock, both entries locked (PH first): the amount must fit both, two members, neither blocked. */
@CommandHandler(MatchByHandCommand)
export class MatchByHandHandler implements ICommandHandler<MatchByHandCommand, { id: string }> {
  constructor(private readonly ledger: Ledger) {}

  execute({ phEntryId, ghEntryId, amountPaise, metadata }: MatchByHandCommand): Promise<{ id: string }> {
    return this.ledger.run(metadata, async (tx) => {
      await tx.execute('select pg_advisory_xact_lock(hashtext($1))', [MATCHING_LOCK]);
      const ph = await lockEntry(tx, phEntryId);
      const gh = await lockEntry(tx, ghEntryId);
      if (!ph || ph.side !== 'PH') throw refuse('HELP.NO_PH_ENTRY', `No PH queue entry ${phEntryId}`);
      if (!gh || gh.side !== 'GH') throw refuse('HELP.NO_GH_ENTRY', `No GH queue entry ${ghEntryId}`);
      if (ph.uid === gh.uid) throw refuse('HELP.SELF_LINK', 'A member cannot be linked to themselves');
      if (amountPaise > ph.remainingPaise || amountPaise > gh.remainingPaise)
        throw refuse('HELP.AMOUNT_TOO_LARGE', 'amountRupees is more than what still waits in one of the entries');
      const parties = await loadParties(tx, [ph.uid, gh.uid]);
      if (parties.get(ph.uid)?.blocked || parties.get(gh.uid)?.blocked)
        throw refuse('HELP.BLOCKED', 'A blocked member cannot be linked');
      const sources = new Map([
        [ph.id, { source: ph.source, sourceId: ph.sourceId }],
        [gh.id, { source: gh.source, sourceId: gh.sourceId }],
      ]);
      const [id] = await createLinks(
        tx,
        [{ phEntryId, ghEntryId, senderUid: ph.uid, receiverUid: gh.uid, amountPaise }],
        sources,
        parties,
        true,
      );
      return { id };
    });
  }
}
