import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Ledger } from '../../../../platform/ledger';
import { loadMember } from '../../../identity';
import { MAX_ISSUE_QUANTITY } from '../issue-epins/issue-epins.command';
import { EPIN_MSG } from '../../domain/epin.events';
import { lockOldestUnused } from '../../rows';
import { TransferEpinsCommand } from './transfer-epins.command';

/**
 * Moves the sender's oldest unused e-pins of a type. The sender's member row is locked first, so
 * concurrent transfers from one stock run one after another and none can move an e-pin twice or
 * take the stock below zero; the rows are then re-read under that lock.
 */
@CommandHandler(TransferEpinsCommand)
export class TransferEpinsHandler implements ICommandHandler<TransferEpinsCommand, string> {
  constructor(private readonly ledger: Ledger) {}

  async execute({
    fromUid,
    toUid,
    quantity,
    epinType,
    metadata,
    idempotencyKey,
  }: TransferEpinsCommand): Promise<string> {
    if (!Number.isInteger(quantity) || quantity < 1) return EPIN_MSG.enterQty;
    if (fromUid === toUid) return EPIN_MSG.selfTransfer;
    return this.ledger.run(
      metadata,
      async (tx) => {
        // Spec order: quantity, receiver required (at the edge), receiver not found; then the stock.
        const receiver = await loadMember(tx, toUid);
        if (!receiver) return EPIN_MSG.invalidUser;
        if (quantity > MAX_ISSUE_QUANTITY) return EPIN_MSG.insufficient; // no stock is that large a move
        const sender = await loadMember(tx, fromUid, true);
        if (!sender) return EPIN_MSG.invalidUser;
        const stock = await lockOldestUnused(tx, fromUid, epinType, quantity);
        if (stock.length < quantity) return EPIN_MSG.insufficient;
        for (const epin of stock)
          await tx.append(epin, [{ type: 'EpinTransferred', payload: { from: fromUid, to: toUid } }]);
        return EPIN_MSG.transferDone;
      },
      idempotencyKey
        ? {
            idempotency: {
              scope: 'EpinTransfer',
              key: idempotencyKey,
              request: { fromUid, toUid, quantity, epinType },
            },
          }
        : {},
    );
  }
}
