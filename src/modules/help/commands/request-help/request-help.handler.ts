import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { Ledger } from '../../../../platform/ledger';
import { EPIN_MSG, oldestUnusedEpin, topUp } from '../../../epins';
import { loadMember, MSG } from '../../../identity';
import { loadSettings } from '../../../settings';
import { decideOpenRequest, decideRequestHelp } from '../../domain/help.decide';
import { decideApproval } from '../../domain/help-request.decide';
import { helpRequestStream } from '../../domain/help.events';
import { hasOpenHelpRequest } from '../../rows';
import { RequestHelpCommand } from './request-help.command';

/**
 * One transaction: the open-request check (before any e-pin is touched), the top-up with the
 * member's oldest unused e-pin of the type (epins' step), and the help request (approved at once
 * under `helpAutoApprove`).
 */
@CommandHandler(RequestHelpCommand)
export class RequestHelpHandler implements ICommandHandler<RequestHelpCommand, { result: string }> {
  constructor(private readonly ledger: Ledger) {}

  async execute({ uid, epinType, metadata }: RequestHelpCommand): Promise<{ result: string }> {
    return this.ledger.run(metadata, async (tx) => {
      const member = await loadMember(tx, uid, true);
      if (!member) return { result: MSG.loginRequired };
      const opening = decideOpenRequest({
        openRequest: await hasOpenHelpRequest(tx, uid),
        memberStatus: member.status,
      });
      if (!opening.ok) return { result: opening.outcome.text };
      const oldest = await oldestUnusedEpin(tx, uid, epinType);
      if (!oldest) return { result: EPIN_MSG.insufficient };
      const outcome = await topUp(tx, uid, uid, oldest);
      if (!outcome.ok) return { result: outcome.reason };
      const id = randomUUID();
      const requested = decideRequestHelp({ id, uid, epinType }, opening.kind, outcome.event.position);
      // Under `helpAutoApprove` the commitment joins the PH queue at once, in the same append.
      const approved = (await loadSettings(tx)).helpAutoApprove
        ? decideApproval(
            {
              id,
              uid,
              status: 'awaiting-approval',
              tierPaise: BigInt(requested[0].payload.tierPaise),
              givenPaise: 0n,
              failures: 0,
            },
            { decision: 'approve', by: 'auto', remark: '' },
          )
        : null;
      await tx.append(helpRequestStream(id), 0, [...requested, ...(approved?.ok ? approved.events : [])]);
      return { result: MSG.success };
    });
  }
}
