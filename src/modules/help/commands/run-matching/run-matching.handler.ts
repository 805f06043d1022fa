import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Ledger } from '../../../../platform/ledger';
import { RunMatchingCommand } from './run-matching.command';
import { MatchingResult, runMatching } from './run-matching';

@CommandHandler(RunMatchingCommand)
export class RunMatchingHandler implements ICommandHandler<RunMatchingCommand, MatchingResult> {
  constructor(private readonly ledger: Ledger) {}

  execute({ metadata }: RunMatchingCommand): Promise<MatchingResult> {
    return runMatching(this.ledger, metadata);
  }
}
