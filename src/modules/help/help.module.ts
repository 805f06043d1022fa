import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { DecideHelpRequestHandler } from './commands/decide-help-request/decide-help-request.handler';
import { DisputeLinkHandler } from './commands/dispute-link/dispute-link.handler';
import { MatchByHandHandler } from './commands/match-by-hand/match-by-hand.handler';
import { ReceiverActionHandler } from './commands/receiver-action/receiver-action.handler';
import { RequestHelpHandler } from './commands/request-help/request-help.handler';
import { ResolveLinkHandler } from './commands/resolve-link/resolve-link.handler';
import { RunMatchingHandler } from './commands/run-matching/run-matching.handler';
import { SubmitUtrHandler } from './commands/submit-utr/submit-utr.handler';
import { MemberLinksQuery } from './queries/member-links/member-links.query';
import { QueueQuery } from './queries/queue/queue.query';

const commandHandlers = [
  RequestHelpHandler,
  DecideHelpRequestHandler,
  RunMatchingHandler,
  MatchByHandHandler,
  SubmitUtrHandler,
  ReceiverActionHandler,
  DisputeLinkHandler,
  ResolveLinkHandler,
];
const queries = [MemberLinksQuery, QueueQuery];

/** The help circle: help requests, the PH and GH queues, matching, help links and their disputes. */
@Module({ imports: [CqrsModule], providers: [...commandHandlers, ...queries], exports: [...queries] })
export class HelpModule {}
