import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { IssueEpinsHandler } from './commands/issue-epins/issue-epins.handler';
import { TopUpMemberHandler } from './commands/top-up-member/top-up-member.handler';
import { TransferEpinsHandler } from './commands/transfer-epins/transfer-epins.handler';
import { ActivationHistoryQuery } from './queries/activation-history/activation-history.query';
import { EpinDataQuery } from './queries/epin-data/epin-data.query';

const commandHandlers = [IssueEpinsHandler, TransferEpinsHandler, TopUpMemberHandler];
const queries = [EpinDataQuery, ActivationHistoryQuery];

/** E-pins (issue, transfer) and top-ups (activation, upgrade). */
@Module({ imports: [CqrsModule], providers: [...commandHandlers, ...queries], exports: [...queries] })
export class EpinsModule {}
