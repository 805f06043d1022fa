import { DomainError } from '../../../platform/errors';
import { LedgerTx } from '../../../platform/ledger';
import { loadMember } from '../../identity';
import { loadSettings } from '../../settings';
import { IssueEpinsCommand, MAX_ISSUE_QUANTITY } from '../commands/issue-epins/issue-epins.command';
import { newEpinNumber } from '../domain/epin-number';
import { epinStream } from '../domain/epin.events';

/** Issues inside a caller's transaction (an approval or a confirmed payment issues in the same commit). */
export async function issueEpins(tx: LedgerTx, command: Omit<IssueEpinsCommand, 'metadata'>): Promise<string[]> {
  if (!Number.isInteger(command.quantity) || command.quantity < 1 || command.quantity > MAX_ISSUE_QUANTITY) {
    throw new DomainError('EPIN.BAD_QUANTITY', `Quantity must be 1 to ${MAX_ISSUE_QUANTITY}`, 'invalid');
  }
  const owner = await loadMember(tx, command.ownerUid);
  if (!owner) throw new DomainError('EPIN.UNKNOWN_OWNER', `Member ${command.ownerUid} does not exist`, 'invalid');
  // A purchase keeps the price it was quoted at, whatever a later price change says (never retroactive).
  const valuePaise = command.valuePaise ?? (await loadSettings(tx)).epinPricesPaise[command.epinType];
  if (!/^[1-9]\d*$/.test(valuePaise))
    throw new DomainError(
      'EPIN.BAD_VALUE',
      `An e-pin's value must be a positive whole number of paise, got ${valuePaise}`,
      'invalid',
    );
  const numbers: string[] = [];
  for (let i = 0; i < command.quantity; i++) {
    const number = newEpinNumber();
    // A (vanishingly rare) duplicate number collides on stream version 1 and re-runs the command.
    await tx.append(epinStream(number), 0, [
      {
        type: 'EpinIssued',
        payload: { number, epinType: command.epinType, valuePaise, owner: owner.uid, source: command.source },
      },
    ]);
    numbers.push(number);
  }
  return numbers;
}
