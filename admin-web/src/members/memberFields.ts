import type { RaRecord } from 'react-admin';

/**
 * The admin contract names the member row only in part (id = uid, sponsor, sponsor_name,
 * status, blocked, events). Where the read table's own column name may come through instead
 * (sponsor_uid, upi_number, country_id), the first present value wins.
 */
export function firstPresent(record: RaRecord | undefined, ...keys: string[]): string {
  for (const key of keys) {
    const value: unknown = record?.[key];
    if (value !== undefined && value !== null && value !== '') return String(value);
  }
  return '';
}

export const sponsorOf = (record: RaRecord) => firstPresent(record, 'sponsor', 'sponsor_uid', 'sponsor_id');
