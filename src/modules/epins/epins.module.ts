import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { IssueEpinsHandler } from './commands/issue-epins/issue-epins.handler';
import { TopUpMemberHandler } from './commands/top-up-member/top-up-member.handler';
import { TransferEpinsHandler } from './commands/transfer-epins/transfer-epins.handler';
import { EpinQueries } from './queries/epin-queries';

const commandHandlers = [IssueEpinsHandler, TransferEpinsHandler, TopUpMemberHandler];
const queries = [EpinQueries];

/** E-pins (issue, transfer) and top-ups (activation, upgrade). */
@Module({ imports: [CqrsModule], providers: [...commandHandlers, ...queries], exports: [...queries] })
export class EpinsModule {}
