import { keccak_256 } from '@noble/hashes/sha3';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** An address in its EIP-55 mixed-case form: each hex letter upper-cased where keccak-256 of the lower-case address has a nibble ≥ 8. */
export function toChecksumAddress(address: string): string {
  const lower = address.slice(2).toLowerCase();
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  let out = '0x';
  for (let i = 0; i < lower.length; i++) out += parseInt(hash[i], 16) >= 8 ? lower[i].toUpperCase() : lower[i];
  return out;
}

/**
 * A BEP-20 (BNB Smart Chain) address is an Ethereum-style address: `0x` and 40 hex digits. All
 * lower or all upper case carries no checksum; mixed case must be exactly the EIP-55 form, so a
 * mistyped letter is caught before money is sent to it.
 */
export function checkEvmAddress(address: string): 'ok' | 'format' | 'checksum' {
  if (!ADDRESS.test(address)) return 'format';
  const body = address.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return 'ok';
  return toChecksumAddress(address) === address ? 'ok' : 'checksum';
}
