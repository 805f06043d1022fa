import { useEffect, useState } from 'react';
import { apiClient } from '../../../lib/api-client';

export interface Country {
  id: number;
  name: string;
  phonecode: string;
}

/** India, the default country (id 101, +91), shown until the list arrives. */
export const DEFAULT_COUNTRY: Country = { id: 101, name: 'India', phonecode: '+91' };

/** GET /api/countryList: the body is `[ [country, …] ]`. */
export async function fetchCountryList(): Promise<Country[]> {
  const response = await apiClient.get<unknown>('/countryList');
  const body = response.data;
  const rows = Array.isArray(body) && Array.isArray(body[0]) ? (body[0] as unknown[]) : [];
  return rows.flatMap((row) => {
    if (typeof row !== 'object' || row === null) return [];
    const { id, name, phonecode } = row as Record<string, unknown>;
    const numericId = Number(id);
    if (!Number.isFinite(numericId) || typeof name !== 'string') return [];
    return [{ id: numericId, name, phonecode: String(phonecode ?? '') }];
  });
}

/** The country list for the registration form; falls back to India alone if loading fails. */
export function useCountryList(): Country[] {
  const [countries, setCountries] = useState<Country[]>([DEFAULT_COUNTRY]);
  useEffect(() => {
    let active = true;
    fetchCountryList()
      .then((list) => {
        if (active && list.length > 0) setCountries(list);
      })
      .catch((error: unknown) => console.error('country list failed', error));
    return () => {
      active = false;
    };
  }, []);
  return countries;
}
