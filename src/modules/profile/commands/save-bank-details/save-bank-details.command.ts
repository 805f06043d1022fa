import { EventMetadata } from '../../../../platform/event-store/event.types';
import { BankInput } from '../../domain/profile.decide';

/**
 * UpdateProfile `bankdetails`: the bank form with the transaction password. `typedNames` are the
 * bank name and branch the form holds, kept only when the IFSC look-up cannot name them.
 */
export class SaveBankDetailsCommand {
  constructor(
    readonly uid: string,
    readonly input: BankInput,
    readonly typedNames: { bankName: string; branch: string },
    readonly metadata: EventMetadata,
  ) {}
}
