import { EventMetadata } from '../../../../platform/event-store/event.types';
import { FourEyesAction, FourEyesRequests } from '../../domain/four-eyes.events';

/** The maker's call of an action that needs four eyes: its validated request, the maker, a new password if any. */
export class RequestFourEyesCommand<A extends FourEyesAction = FourEyesAction> {
  constructor(
    readonly action: A,
    readonly request: FourEyesRequests[A],
    readonly maker: { username: string; role: string },
    readonly metadata: EventMetadata,
    /** A new admin's password (CreateAdmin, ChangeAdmin): hashed, kept outside the ledger until decided. */
    readonly password?: string,
    /** The caller's Idempotency-Key: the same key and request answer the same request again. */
    readonly idempotencyKey?: string,
  ) {}
}

/** What the maker's call answers: the request waiting (202), or the action done at once (threshold, waiver). */
export type FourEyesAnswer =
  { kind: 'awaiting'; body: { status: 'AwaitingSecondApproval'; id: string } } | { kind: 'done'; result: unknown };
