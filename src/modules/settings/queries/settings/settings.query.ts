import { Sql } from '../../../../platform/db/sql';
import { DEFAULT_SETTINGS, loadSettings, SETTING_KEYS, SettingKey } from '../../settings';

/** A setting as the admin's settings page shows it. */
export interface SettingRecord {
  id: SettingKey;
  key: SettingKey;
  value: unknown;
  default: unknown;
  changed_at?: Date | null;
  changed_by?: string | null;
}

/** Every setting, in the order of the settings page, with who changed it last and when. */
export async function listSettings(sql: Sql): Promise<SettingRecord[]> {
  const current = await loadSettings(sql);
  const changes = await sql.query<{ key: string; changed_at: Date; changed_by: string }>(
    'select distinct on (key) key, changed_at, changed_by from settings_history order by key, position desc',
  );
  const byKey = new Map(changes.map((c) => [c.key, c]));
  return SETTING_KEYS.map((key) => ({
    id: key,
    key,
    value: current[key],
    default: DEFAULT_SETTINGS[key],
    changed_at: byKey.get(key)?.changed_at ?? null,
    changed_by: byKey.get(key)?.changed_by ?? null,
  }));
}

/** One setting, or null when `key` names none. */
export async function showSetting(sql: Sql, key: string): Promise<SettingRecord | null> {
  if (!isSettingKey(key)) return null;
  const current = await loadSettings(sql);
  return { id: key, key, value: current[key], default: DEFAULT_SETTINGS[key] };
}

export const isSettingKey = (key: string): key is SettingKey => SETTING_KEYS.includes(key as SettingKey);
