import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '../../../../platform/errors';
import { Ledger } from '../../../../platform/ledger';
import { decideWithdrawal } from '../../domain/withdrawal.decide';
import { lockWithdrawal } from '../../rows';
import { DecideWithdrawalCommand } from './decide-withdrawal.command';

@CommandHandler(DecideWithdrawalCommand)
export class DecideWithdrawalHandler implements ICommandHandler<
  DecideWithdrawalCommand,
  { id: string; status: string }
> {
  constructor(private readonly ledger: Ledger) {}

  execute({ id, decision, remark, by, metadata }: DecideWithdrawalCommand): Promise<{ id: string; status: string }> {
    return this.ledger.run(metadata, async (tx) => {
      const w = await lockWithdrawal(tx, id);
      if (!w) throw new DomainError('WALLET.NO_SUCH_WITHDRAWAL', `No withdrawal ${id}`, 'not-found');
      const decided = decideWithdrawal(w.state, { decision, by, remark });
      if (!decided.ok) throw new DomainError(decided.code, decided.text, 'conflict');
      await tx.append(w, decided.events, { last: true });
      return { id, status: decision === 'approve' ? 'Approved' : 'Rejected' };
    });
  }
}
