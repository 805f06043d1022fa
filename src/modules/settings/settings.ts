import { prepared, Sql } from '../../platform/db/sql';
import { eventPosition, ProjectedEvent, Projection, Statement } from '../../platform/projections/projection';
import { EARLIER_IN_LEDGER } from '../../platform/event-store/ledger-order';

export const SETTINGS_STREAM = 'settings';

/**
 * Every business number is a setting with a default; a superadmin's change is a `SettingChanged`
 * event and applies to what comes after it in the ledger (`EARLIER_IN_LEDGER`), never retroactively.
 */
export interface Settings {
  /**
   * Price of each e-pin type in paise (decimal strings), keyed by the types of
   * `epins/domain/epin-type.ts`: exactly the defaults' keys (settings sit upstream of every context,
   * so they name the types without importing them).
   */
  epinPricesPaise: Record<string, string>;
  /** Discount by quantity: the highest tier whose minQty ≤ q applies; rates in basis points. */
  epinDiscountTiers: Array<{ minQty: number; rateBp: number }>;
  /** Rupees per USDT, as a decimal string with up to 2 decimals. */
  usdtRateInr: string;
  /** Level income rates in basis points of the package value, index 0 = level 1 (15 entries). */
  levelIncomeRatesBp: number[];
  /** Help requests join the PH queue without an admin's approval (business rules: Help). */
  helpAutoApprove: boolean;
  /** Hours after a PH commitment is completed before its GH entitlement is credited. */
  phToGhDelayHours: number;
  /** The GH entitlement of a completed PH commitment, in percent of the help given. */
  phToGhPercent: number;
  /** Minutes between automatic matching runs. */
  matchingIntervalMinutes: number;
  /** Hours a sender has to pay a help link (its deadline). */
  linkDeadlineHours: number;
  /** Hours a Paid link may wait for the receiver's confirmation before it is Disputed; also a sender's window to dispute a cancel. */
  disputeAfterHours: number;
  /** The smallest withdrawal, in whole rupees. */
  withdrawalMinRupees: number;
  /** The admin charge on a withdrawal, in percent (whole). */
  withdrawalChargePercent: number;
  /** The dashboard's CONTACT ADMIN chat link (https, e.g. https://wa.me/91…); '' = none, the button opens /Support. */
  contactAdminUrl: string;
  /** Approving a withdrawal of more than this many rupees needs a second admin (four eyes, decision 0034). */
  fourEyesAboveRupees: number;
}

export const DEFAULT_SETTINGS: Settings = {
  epinPricesPaise: { EpintypeA: '100000', EpintypeB: '29900' },
  epinDiscountTiers: [],
  usdtRateInr: '90',
  levelIncomeRatesBp: [1000, 500, 300, 200, 200, 100, 100, 100, 100, 100, 50, 50, 50, 50, 50],
  helpAutoApprove: false,
  phToGhDelayHours: 0,
  phToGhPercent: 100,
  matchingIntervalMinutes: 5,
  linkDeadlineHours: 24,
  disputeAfterHours: 48,
  withdrawalMinRupees: 100,
  withdrawalChargePercent: 0,
  contactAdminUrl: '',
  fourEyesAboveRupees: 10_000,
};

/**
 * A chat link members may be sent to: https only, no spaces, at most 300 characters, and no invisible
 * format characters (bidi controls such as U+202E would show the link in another order than it goes;
 * zero-width ones make two links that look alike differ).
 */
export const CONTACT_ADMIN_URL = /^https:\/\/[^\s\p{Cf}/?#]+\.[^\s\p{Cf}/?#]+(?:[/?#][^\s\p{Cf}]*)?$/u;

/** The whole-number settings and their inclusive bounds. */
const WHOLE_SETTINGS: Readonly<Record<string, readonly [number, number]>> = {
  phToGhDelayHours: [0, 720],
  phToGhPercent: [0, 1000],
  matchingIntervalMinutes: [1, 1440],
  linkDeadlineHours: [1, 720],
  disputeAfterHours: [1, 720],
  withdrawalMinRupees: [1, 10_000_000],
  withdrawalChargePercent: [0, 99],
  fourEyesAboveRupees: [0, 10_000_000],
};

export type SettingKey = keyof Settings;
export const SETTING_KEYS = Object.keys(DEFAULT_SETTINGS) as SettingKey[];

/** The largest quantity a tier may start at: quantity fields hold at most 5 digits (spec §9). */
export const MAX_TIER_MIN_QTY = 99_999;

/** Checks a proposed value; returns the problem, or null when it may be stored. */
export function checkSetting(key: string, value: unknown): string | null {
  const isPaise = (v: unknown) => typeof v === 'string' && /^[1-9]\d{0,12}$/.test(v);
  switch (key) {
    case 'epinPricesPaise': {
      const v = value as Record<string, unknown>;
      if (typeof v !== 'object' || v === null || Array.isArray(v))
        return 'epinPricesPaise must be an object of type → paise';
      const types = Object.keys(DEFAULT_SETTINGS.epinPricesPaise);
      if (Object.keys(v).sort().join() !== [...types].sort().join())
        return 'epinPricesPaise must name exactly EpintypeA and EpintypeB';
      return types.every((t) => isPaise(v[t])) ? null : 'each price must be whole paise as text, e.g. "29900"';
    }
    case 'epinDiscountTiers': {
      if (!Array.isArray(value) || value.length > 20) return 'epinDiscountTiers must be a list of at most 20 tiers';
      const ok = value.every(
        (t) =>
          typeof t === 'object' &&
          t !== null &&
          Number.isInteger(t.minQty) &&
          t.minQty >= 1 &&
          Number.isInteger(t.rateBp) &&
          t.rateBp >= 0 &&
          t.rateBp <= 10000 &&
          Object.keys(t).length === 2,
      );
      if (!ok) return 'each tier is {minQty (≥ 1), rateBp (0..10000)}';
      return value.every((t) => t.minQty <= MAX_TIER_MIN_QTY)
        ? null
        : `a tier's minQty may be at most ${MAX_TIER_MIN_QTY}`;
    }
    case 'usdtRateInr':
      return typeof value === 'string' && /^[1-9]\d{0,5}(\.\d{1,2})?$/.test(value)
        ? null
        : 'usdtRateInr must be rupees per USDT as text, e.g. "90" or "88.50"';
    case 'levelIncomeRatesBp': {
      if (
        !Array.isArray(value) ||
        value.length !== 15 ||
        !value.every((r) => Number.isInteger(r) && r >= 0 && r <= 10000)
      )
        return 'levelIncomeRatesBp must be 15 whole numbers of basis points (0..10000)';
      return value.reduce((a: number, b: number) => a + b, 0) <= 10000
        ? null
        : 'level income rates may not add up to more than 100 %';
    }
    case 'helpAutoApprove':
      return typeof value === 'boolean' ? null : 'helpAutoApprove must be true or false';
    case 'contactAdminUrl':
      return typeof value === 'string' && (value === '' || (value.length <= 300 && CONTACT_ADMIN_URL.test(value)))
        ? null
        : 'contactAdminUrl must be empty or an https link of at most 300 characters, e.g. https://wa.me/919800000000';
    default: {
      const bounds = WHOLE_SETTINGS[key];
      if (!bounds) return `unknown setting ${key}`;
      return Number.isInteger(value) && (value as number) >= bounds[0] && (value as number) <= bounds[1]
        ? null
        : `${key} must be a whole number from ${bounds[0]} to ${bounds[1]}`;
    }
  }
}

/**
 * The latest value of each changed setting before the event at position `$1` (all of them when `$1`
 * is null; `settingsBeforeSql(expr)`: before the position `expr`, e.g. a column of an outer query): `loadSettings`' query, also embedded in other reads (e.g. level income's) to save a round
 * trip. "Before" is the ledger's commit-safe order, (transaction id, position) — the order the outbox
 * relay delivers in (see `EARLIER_IN_LEDGER`). Settings changes queue on one lock, so among themselves
 * that order is their position order.
 */
export const settingsBeforeSql = (
  position: string,
): string => `select distinct on (s.key) s.key, s.value from settings_history s
      where ${position} is null
         or exists (select 1 from events ev, events t where ev.position = s.position and t.position = ${position} and ${EARLIER_IN_LEDGER('ev', 't')})
      order by s.key, s.position desc`;
export const SETTINGS_BEFORE_SQL = settingsBeforeSql('$1::bigint');

const LOAD_SETTINGS_SQL = prepared(SETTINGS_BEFORE_SQL);

/** The settings in force just before `position` (or now, without one). */
export async function loadSettings(sql: Sql, beforePosition?: string): Promise<Settings> {
  return settingsFrom(
    await sql.query<{ key: SettingKey; value: unknown }>(LOAD_SETTINGS_SQL, [beforePosition ?? null]),
  );
}

/** Settings from the rows of `SETTINGS_BEFORE_SQL`: the defaults, overridden by each row. */
export function settingsFrom(rows: ReadonlyArray<{ key: SettingKey; value: unknown }>): Settings {
  const settings: Settings = { ...DEFAULT_SETTINGS };
  for (const row of rows) (settings as unknown as Record<string, unknown>)[row.key] = row.value;
  return settings;
}

export const settingsProjection: Projection = {
  name: 'settings',
  tables: ['settings_history'],
  handles: ['SettingChanged'],
  project(event: ProjectedEvent): Statement[] {
    const p = event.payload as { key: string; value: unknown };
    return [
      {
        text: `insert into settings_history (position, key, value, changed_at, changed_by) values (${eventPosition(1, 6)}, $2, $3::jsonb, $4, $5)`,
        params: [
          event.streamId,
          p.key,
          JSON.stringify(p.value),
          event.recordedAt,
          `${event.metadata.actor.kind}:${event.metadata.actor.id}`,
          event.streamVersion,
        ],
      },
    ];
  },
};
