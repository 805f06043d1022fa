import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomBytes } from 'node:crypto';
import { isUniqueViolation } from '../../../../platform/db/sql-errors';
import { Ledger } from '../../../../platform/ledger';
import { flagUtrReuse, lockUtr } from '../../../help';
import { loadSettings } from '../../../settings';
import { epinRequestStream } from '../../domain/payment.events';
import { PAY_MSG } from '../../domain/payment.messages';
import { quote } from '../../domain/pricing';
import { findOption } from '../../payment-options.service';
import { utrUsed } from '../../rows';
import { SubmitBankRequestCommand } from './submit-bank-request.command';
import { readBankRequest } from './submit-bank-request.dto';

/** The spec's checks in its order, then the server's own price; a UTR number is used once, across e-pin requests and help links (a reuse is flagged for admins). */
@CommandHandler(SubmitBankRequestCommand)
export class SubmitBankRequestHandler implements ICommandHandler<SubmitBankRequestCommand, string> {
  constructor(private readonly ledger: Ledger) {}

  async execute({ uid, input, metadata }: SubmitBankRequestCommand): Promise<string> {
    const request = readBankRequest(input);
    if (!request.ok) return request.message;
    const { bankid, utrno, qty, epinType, usertype, clientAmount } = request.fields;
    const id = `ER${randomBytes(6).toString('hex').toUpperCase()}`;
    try {
      return await this.ledger.run(metadata, async (tx) => {
        const option = await findOption(tx, bankid);
        if (!option || option.disabled) return PAY_MSG.selectPaymentType;
        await lockUtr(tx, utrno);
        const claim = await utrUsed(tx, utrno);
        if (claim) {
          await flagUtrReuse(tx, { utr: utrno, uid, helpLinkId: null, epinRequestId: id }, claim);
          return PAY_MSG.utrUsed;
        }
        const price = quote(await loadSettings(tx), epinType, qty);
        const { type, bank_name: bankName, holder, address, ifsc, branch, imglink } = option;
        const payload = {
          id,
          uid,
          option: { id: option.id, type, bankName, holder, address, ifsc, branch, imglink },
          utrno,
          usertype,
          clientAmount,
          ...price,
        };
        await tx.append(epinRequestStream(id), 0, [{ type: 'EpinRequestSubmitted', payload }]);
        return PAY_MSG.success;
      });
    } catch (error) {
      // Two requests with one UTR at the same moment: the unique index lets one through.
      if (!isUniqueViolation(error, 'epin_requests_utr_key') && !isUniqueViolation(error, 'utr_claims_pkey'))
        throw error;
      return this.ledger.run(metadata, async (tx) => {
        const claim = await utrUsed(tx, utrno);
        if (claim) await flagUtrReuse(tx, { utr: utrno, uid, helpLinkId: null, epinRequestId: id }, claim);
        return PAY_MSG.utrUsed;
      });
    }
  }
}
