/** The settings context's public surface: business numbers as events, read as of a ledger position. */
export { SettingsModule } from './settings.module';
export { ChangeSettingCommand } from './change-setting';
export {
  checkSetting,
  DEFAULT_SETTINGS,
  loadSettings,
  SETTING_KEYS,
  SETTINGS_BEFORE_SQL,
  settingsBeforeSql,
  SETTINGS_STREAM,
  settingsFrom,
  settingsProjection,
} from './settings';
export { isSettingKey, listSettings, showSetting } from './queries/settings/settings.query';
export type { SettingKey, Settings } from './settings';
