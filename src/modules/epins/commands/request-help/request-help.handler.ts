import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { Ledger } from '../../../../platform/ledger';
import { MSG } from '../../../identity/domain/member.messages';
import { loadMember } from '../../../identity/member-state';
import { EPIN_MSG, HELP_TIER_PAISE } from '../../domain/epin.events';
import { topUp } from '../top-up-member/top-up-member.handler';
import { RequestHelpCommand } from './request-help.command';

/**
 * One transaction: the open-request check (before any e-pin is touched), the top-up with the
 * member's oldest unused e-pin of the type, and the help request. Matching comes later.
 */
@CommandHandler(RequestHelpCommand)
export class RequestHelpHandler implements ICommandHandler<RequestHelpCommand, { result: string }> {
  constructor(private readonly ledger: Ledger) {}

  async execute({ uid, epinType, metadata }: RequestHelpCommand): Promise<{ result: string }> {
    return this.ledger.run(metadata, async (tx) => {
      const member = await loadMember(tx, uid, true);
      if (!member) return { result: MSG.loginRequired };
      const open = await tx.query("select 1 from help_requests where uid = $1 and status <> 'closed'", [uid]);
      if (open.length) return { result: EPIN_MSG.openHelpRequest };
      const [oldest] = await tx.query<{ number: string }>(
        "select number from epins where owner_uid = $1 and type = $2 and status = 'unused' order by received_at, number limit 1",
        [uid, epinType],
      );
      if (!oldest) return { result: EPIN_MSG.insufficient };
      const kind = member.status === 'Active' ? 'Upgrade' : 'Activate';
      const outcome = await topUp(tx, uid, uid, oldest.number);
      if (!outcome.ok) return { result: outcome.reason };
      const id = randomUUID();
      await tx.append(`help-request-${id}`, 0, [
        { type: 'HelpRequested', payload: { id, uid, epinType, tierPaise: HELP_TIER_PAISE[epinType].toString(), kind, topupPosition: outcome.event.position } },
      ]);
      return { result: MSG.success };
    });
  }
}
