import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { DecideFourEyesHandler } from './commands/decide-four-eyes/decide-four-eyes.handler';
import { RequestFourEyesHandler } from './commands/request-four-eyes/request-four-eyes.handler';

const commandHandlers = [RequestFourEyesHandler, DecideFourEyesHandler];

/** Four eyes on value: a maker's request, a second admin's approval carrying it out (decision 0034). */
@Module({ imports: [CqrsModule], providers: [...commandHandlers] })
export class FourEyesModule {}
