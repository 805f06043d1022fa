import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { RequestHelpHandler } from './commands/request-help/request-help.handler';

const commandHandlers = [RequestHelpHandler];

/** Help requests: a top-up with one's own e-pin and a request for the tier's help (matching comes later). */
@Module({ imports: [CqrsModule], providers: [...commandHandlers] })
export class HelpModule {}
