import { EventMetadata } from '../../../../platform/event-store/event.types';

/** An admin approves (e-pins issued in the same commit) or rejects a bank/QR e-pin request, once. */
export class DecideBankRequestCommand {
  constructor(
    readonly id: string,
    readonly decision: 'approve' | 'reject',
    readonly remark: string,
    readonly admin: string,
    readonly metadata: EventMetadata,
  ) {}
}

export interface BankRequestDecided {
  id: string;
  status: 'Approved' | 'Rejected';
  epins: string[];
}
