import { EventMetadata } from '../../../../platform/event-store/event.types';
import { BankRequestInput } from './submit-bank-request.dto';

/** FundRequestBank: e-pins paid to an admin bank/QR option; answers the contract's text. */
export class SubmitBankRequestCommand {
  constructor(
    readonly uid: string,
    readonly input: BankRequestInput,
    readonly metadata: EventMetadata,
  ) {}
}
