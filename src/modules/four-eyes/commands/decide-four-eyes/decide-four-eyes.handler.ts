import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ConcurrencyError, DomainError } from '../../../../platform/errors';
import { EventMetadata } from '../../../../platform/event-store/event.types';
import { Ledger, LedgerTx } from '../../../../platform/ledger';
import { loadMember } from '../../../identity';
import { commandOf } from '../../domain/four-eyes.commands';
import { decideApproval, decideRejection, FourEyesState } from '../../domain/four-eyes.events';
import { lockFourEyes } from '../../rows';
import { DecideFourEyesCommand } from './decide-four-eyes.command';

/** The action refused when carried out (or the member was blocked meanwhile): the request is marked Failed. */
class ActionRefused extends Error {
  constructor(readonly refusal: DomainError) {
    super(refusal.message);
  }
}

export interface FourEyesDecision {
  id: string;
  action: string;
  status: 'Approved' | 'Rejected';
  maker: string;
  checker: string;
  reason?: string;
  /** What the action answered (an approval): what the direct call would have answered. */
  result?: unknown;
}

/**
 * A second admin's decision. An approval re-checks the request (pending, not expired, not the maker's,
 * a role that may make the call itself), appends `FourEyesApproved` and carries the action out through
 * its own command in the SAME transaction (`joinNested`): both commit, or neither. If the action
 * refuses (its own re-validation: a withdrawal decided meanwhile, a setting now invalid, a member
 * blocked), everything rolls back, `FourEyesFailed` is written in a transaction of its own, and the
 * refusal is answered. Concurrent approvals queue on the request's row: the second finds it Approved.
 */
@CommandHandler(DecideFourEyesCommand)
export class DecideFourEyesHandler implements ICommandHandler<DecideFourEyesCommand, FourEyesDecision> {
  constructor(
    private readonly ledger: Ledger,
    private readonly commands: CommandBus,
  ) {}

  async execute(command: DecideFourEyesCommand): Promise<FourEyesDecision> {
    return command.decision === 'approve' ? this.approve(command) : this.reject(command);
  }

  private async approve({ id, checker, metadata }: DecideFourEyesCommand): Promise<FourEyesDecision> {
    try {
      return await this.ledger.run(
        metadata,
        async (tx) => {
          const request = await this.lock(tx, id);
          const refusal = decideApproval(request.state, checker, tx.now);
          if (refusal) throw refusal;
          await tx.append(request, [{ type: 'FourEyesApproved', payload: { id, checker: checker.username } }]);
          const result = await this.carryOut(tx, request.state, checker.username, metadata);
          return {
            id,
            action: request.state.action,
            status: 'Approved' as const,
            maker: request.state.maker,
            checker: checker.username,
            result,
          };
        },
        { joinNested: true },
      );
    } catch (error) {
      if (!(error instanceof ActionRefused)) throw error;
      await this.markFailed(id, checker.username, error.refusal, metadata);
      throw error.refusal;
    }
  }

  /** The action, as requested, inside the approval's transaction; a refusal of it becomes `ActionRefused`. */
  private async carryOut(tx: LedgerTx, state: FourEyesState, checker: string, metadata: EventMetadata) {
    if (state.member) {
      const member = await loadMember(tx, state.member);
      if (member?.blocked)
        throw new ActionRefused(
          new DomainError(
            'FOUR_EYES.MEMBER_BLOCKED',
            `Member ${state.member} is blocked: nothing was done`,
            'conflict',
          ),
        );
    }
    const [secret] = await tx.query<{ password_hash: string }>(
      'delete from four_eyes_secrets where request_id = $1 returning password_hash',
      [state.id],
    );
    // The action's events are the maker's (who asked for it, as the direct call's would be), naming
    // both admins in `fourEyes`; FourEyesApproved, in the same transaction, is the checker's.
    const fourEyes = { request: state.id, maker: state.maker, checker };
    const actionMetadata = { ...metadata, actor: { kind: 'admin' as const, id: state.maker }, fourEyes };
    const action = commandOf(state.action, state.request, state.maker, actionMetadata, secret?.password_hash);
    try {
      return await this.commands.execute(action);
    } catch (error) {
      // A conflict on a stream version re-runs the whole transaction; any other refusal fails the request.
      if (error instanceof DomainError && !(error instanceof ConcurrencyError)) throw new ActionRefused(error);
      throw error;
    }
  }

  private async markFailed(id: string, checker: string, refusal: DomainError, metadata: EventMetadata) {
    await this.ledger.run(metadata, async (tx) => {
      const request = await this.lock(tx, id);
      if (request.state.status !== 'Pending') return;
      await tx.append(request, [
        { type: 'FourEyesFailed', payload: { id, checker, code: refusal.code, reason: refusal.message } },
      ]);
      await tx.execute('delete from four_eyes_secrets where request_id = $1', [id]);
    });
  }

  private async reject({ id, reason, checker, metadata }: DecideFourEyesCommand): Promise<FourEyesDecision> {
    return this.ledger.run(metadata, async (tx) => {
      const request = await this.lock(tx, id);
      const refusal = decideRejection(request.state, checker, tx.now);
      if (refusal) throw refusal;
      await tx.append(request, [{ type: 'FourEyesRejected', payload: { id, checker: checker.username, reason } }]);
      await tx.execute('delete from four_eyes_secrets where request_id = $1', [id]);
      return {
        id,
        action: request.state.action,
        status: 'Rejected' as const,
        maker: request.state.maker,
        checker: checker.username,
        reason,
      };
    });
  }

  private async lock(tx: LedgerTx, id: string) {
    const request = await lockFourEyes(tx, id);
    if (!request) throw new DomainError('FOUR_EYES.NOT_FOUND', `No four-eyes request ${id}`, 'not-found');
    return request;
  }
}
