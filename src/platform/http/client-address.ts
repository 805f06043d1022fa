import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key a client address is counted under, for the per-IP rate limits (decision 0005): an IPv6
 * address by its /64 (one customer's network usually holds a whole /64, so counting full addresses
 * would give it 2^64 fresh buckets), an IPv4-mapped IPv6 address as the IPv4 address, IPv4 and
 * anything else as is. The login lock-out keys addresses the same way, in PostgreSQL
 * (`login_address_key`, migrations/1763800011013-login-address-key.ts).
 */
export function clientAddressKey(ip: string): string {
  const address = ip.split('%')[0];
  if (!isIPv6(address)) return ip;
  const groups = ipv6Groups(address.toLowerCase());
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (a trailing dotted IPv4 part counts as two). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted && isIPv4(dotted[1])) {
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((g) => parseInt(g, 16));
}
