import { EventMetadata } from '../../../../platform/event-store/event.types';

/** UpdateProfile `ecurrency`: the USDT BEP-20 address (`accountnumber`) with the transaction password (`otp`). */
export class SaveWalletCommand {
  constructor(
    readonly uid: string,
    readonly address: string,
    readonly transactionPassword: string,
    readonly metadata: EventMetadata,
  ) {}
}
