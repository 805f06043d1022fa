import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '../../platform/errors';
import { EventMetadata } from '../../platform/event-store/event.types';
import { Ledger } from '../../platform/ledger';
import { lockSettingsStream } from './rows';
import { checkSetting } from './settings';

export class ChangeSettingCommand {
  constructor(
    readonly key: string,
    readonly value: unknown,
    readonly metadata: EventMetadata,
  ) {}
}

/** A superadmin changes a setting: one event on the `settings` stream, in force from its position on. */
@CommandHandler(ChangeSettingCommand)
export class ChangeSettingHandler implements ICommandHandler<
  ChangeSettingCommand,
  { id: string; key: string; value: unknown }
> {
  constructor(private readonly ledger: Ledger) {}

  async execute({ key, value, metadata }: ChangeSettingCommand): Promise<{ id: string; key: string; value: unknown }> {
    const problem = checkSetting(key, value);
    if (problem) throw new DomainError('SETTINGS.INVALID', problem, 'invalid');
    return this.ledger.run(metadata, async (tx) => {
      const stream = await lockSettingsStream(tx);
      await tx.append(stream, [{ type: 'SettingChanged', payload: { key, value } }]);
      return { id: key, key, value };
    });
  }
}
