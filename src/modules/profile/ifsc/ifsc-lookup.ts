import { bankNameOf, ifscExists } from './ifsc-codes';

/** A bank branch as an IFSC look-up answers it. */
export interface IfscBranch {
  ifsc: string;
  bank: string;
  branch: string;
  address: string;
  city: string;
  state: string;
}

/** The IFSC look-up (an outside service, spec §7 "public IFSC lookup"): a real HTTP client or the local double. */
export interface IfscLookup {
  /** The branch of an IFSC, or null when the service does not know it or cannot be reached. */
  find(ifsc: string): Promise<IfscBranch | null>;
}

export const IFSC_LOOKUP = Symbol('IFSC_LOOKUP');

/** The answer of a look-up is waited for this long at most (the member is at the form). */
const TIMEOUT_MS = 5_000;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim().slice(0, 200) : '');

/**
 * Razorpay's IFSC API (`GET https://ifsc.razorpay.com/<IFSC>` → 200 `{ BANK, BRANCH, ADDRESS,
 * CITY, STATE, IFSC, … }`, 404 for an unknown code) or any service answering that shape.
 * `IFSC_LOOKUP_URL` is the base (the code is appended) or a template with `{ifsc}`.
 */
export class HttpIfscLookup implements IfscLookup {
  constructor(private readonly url: string) {}

  async find(ifsc: string): Promise<IfscBranch | null> {
    const url = this.url.includes('{ifsc}')
      ? this.url.replace('{ifsc}', encodeURIComponent(ifsc))
      : `${this.url.replace(/\/$/, '')}/${encodeURIComponent(ifsc)}`;
    try {
      const response = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) return null;
      const body = (await response.json()) as Record<string, unknown> | null;
      if (!body || typeof body !== 'object' || text(body.IFSC).toUpperCase() !== ifsc) return null;
      const bank = text(body.BANK);
      if (!bank) return null;
      return {
        ifsc,
        bank,
        branch: text(body.BRANCH),
        address: text(body.ADDRESS),
        city: text(body.CITY),
        state: text(body.STATE),
      };
    } catch {
      // A timeout, a refused connection or a body that is not JSON: the look-up failed, the form clears the names.
      return null;
    }
  }
}

/**
 * The local double (the default), so the product and its tests run offline: real branches as
 * Razorpay's IFSC API answers them; any other IFSC that exists (the `ifsc` data package) is
 * named by its bank alone, with no branch; a code that does not exist is unknown, as it is to the
 * real service (the form clears bank name and branch).
 */
export const SAMPLE_BRANCHES: readonly IfscBranch[] = [
  {
    ifsc: 'KKBK0000261',
    bank: 'Kotak Mahindra Bank',
    branch: 'GURGAON',
    address: 'JMD REGENT SQUARE,MEHRAULI GURGAON ROAD,OPPOSITE BRISTOL HOTEL,',
    city: 'GURGAON',
    state: 'HARYANA',
  },
  {
    ifsc: 'SBIN0000300',
    bank: 'State Bank of India',
    branch: 'MUMBAI MAIN BRANCH',
    address: 'MUMBAI MAIN BRANCH, FORT, MUMBAI 400001',
    city: 'MUMBAI',
    state: 'MAHARASHTRA',
  },
  {
    ifsc: 'HDFC0000001',
    bank: 'HDFC Bank',
    branch: 'SANDOZ HOUSE',
    address: 'SANDOZ HOUSE, DR ANNIE BESANT ROAD, WORLI, MUMBAI 400018',
    city: 'MUMBAI',
    state: 'MAHARASHTRA',
  },
];

export class IfscLookupDouble implements IfscLookup {
  private readonly branches = new Map(SAMPLE_BRANCHES.map((b) => [b.ifsc, b]));

  find(ifsc: string): Promise<IfscBranch | null> {
    const sample = this.branches.get(ifsc);
    if (sample) return Promise.resolve(sample);
    const bank = ifscExists(ifsc) ? bankNameOf(ifsc) : '';
    return Promise.resolve(bank ? { ifsc, bank, branch: '', address: '', city: '', state: '' } : null);
  }
}

/** The real client when `IFSC_LOOKUP_URL` is set (an http(s) URL), the local double otherwise. */
export function ifscLookupFromEnv(env: NodeJS.ProcessEnv = process.env): IfscLookup {
  const url = env.IFSC_LOOKUP_URL;
  if (!url) return new IfscLookupDouble();
  if (!/^https?:\/\/\S+$/.test(url)) throw new Error(`IFSC_LOOKUP_URL must be an http(s) URL, got "${url}"`);
  return new HttpIfscLookup(url);
}
