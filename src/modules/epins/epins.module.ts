import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ChangeSettingHandler } from '../settings/change-setting';
import { IssueEpinsHandler } from './commands/issue-epins/issue-epins.handler';
import { RequestHelpHandler } from './commands/request-help/request-help.handler';
import { TopUpMemberHandler } from './commands/top-up-member/top-up-member.handler';
import { TransferEpinsHandler } from './commands/transfer-epins/transfer-epins.handler';
import { EpinQueries } from './queries/epin-queries';

const commandHandlers = [IssueEpinsHandler, TransferEpinsHandler, TopUpMemberHandler, RequestHelpHandler, ChangeSettingHandler];
const queries = [EpinQueries];

/** E-pins, top-ups and help requests (and the settings they price with). Level income runs in the worker. */
@Module({ imports: [CqrsModule], providers: [...commandHandlers, ...queries], exports: [...queries] })
export class EpinsModule {}
