import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ChangeSettingHandler } from './change-setting';

const commandHandlers = [ChangeSettingHandler];

/** Business numbers as events: a superadmin's change is in force from its position on. */
@Module({ imports: [CqrsModule], providers: [...commandHandlers] })
export class SettingsModule {}
