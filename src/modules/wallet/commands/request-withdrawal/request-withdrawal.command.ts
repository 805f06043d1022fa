import { EventMetadata } from '../../../../platform/event-store/event.types';

/** `Withdrawal`: the member asks for `amount` whole rupees of their net balance. */
export class RequestWithdrawalCommand {
  constructor(
    readonly uid: string,
    readonly amount: string,
    readonly metadata: EventMetadata,
  ) {}
}
