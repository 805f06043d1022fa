import { checkEvmAddress, toChecksumAddress } from './evm-address';
import { isAadhaar, isPan, maskAadhaar, maskAccount, maskPan, verhoeffDigit, verhoeffValid } from './id-numbers';

describe('Verhoeff check digits (Aadhaar)', () => {
  it('given the textbook example 236, then its check digit is 3 and 2363 passes while 2364 does not', () => {
    expect(verhoeffDigit('236')).toBe('3');
    expect(verhoeffValid('2363')).toBe(true);
    expect(verhoeffValid('2364')).toBe(false);
  });

  it('given any 11 digits, when their check digit is appended, then the number passes, and every single-digit change fails', () => {
    for (const body of ['23456789012', '98765432101', '50000000000', '71234567890']) {
      const full = body + verhoeffDigit(body);
      expect(verhoeffValid(full)).toBe(true);
      for (let i = 0; i < full.length; i++) {
        const changed = full.slice(0, i) + String((Number(full[i]) + 1) % 10) + full.slice(i + 1);
        expect(verhoeffValid(changed)).toBe(false);
      }
    }
  });

  it('given an Aadhaar number, then it is 12 digits not starting with 0 or 1, with a valid check digit', () => {
    const good = '23456789012' + verhoeffDigit('23456789012');
    expect(isAadhaar(good)).toBe(true);
    expect(isAadhaar('1' + good.slice(1))).toBe(false);
    expect(isAadhaar(good.slice(0, 11))).toBe(false);
    expect(isAadhaar('000000000000')).toBe(false);
    expect(maskAadhaar(good)).toBe(`XXXXXXXX${good.slice(-4)}`);
  });
});

describe('PAN, masks', () => {
  it.each([
    ['ABCPE1234F', true],
    ['AAACR5055K', true],
    ['ABCDE1234F', false], // 4th letter D names no kind of holder
    ['ABCP1234F', false],
    ['abcpe1234f', false],
    ['ABCPE12345', false],
  ])('given the PAN %s, then valid is %s', (pan, valid) => {
    expect(isPan(pan)).toBe(valid);
  });

  it('masks a PAN to its serial and check letter and an account number to its last four digits', () => {
    expect(maskPan('ABCPE1234F')).toBe('XXXXX1234F');
    expect(maskAccount('123456789012')).toBe('XXXXXXXX9012');
  });
});

describe('BEP-20 addresses (EIP-55)', () => {
  // The test vectors of EIP-55 itself.
  const vectors = [
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ];

  it.each(vectors)('given %s in any case, then its checksummed form is the EIP-55 vector', (address) => {
    expect(toChecksumAddress(address.toLowerCase())).toBe(address);
    expect(checkEvmAddress(address)).toBe('ok');
    expect(checkEvmAddress(address.toLowerCase())).toBe('ok');
    expect(checkEvmAddress('0x' + address.slice(2).toUpperCase())).toBe('ok');
  });

  it('given mixed case with one letter flipped, then the checksum is wrong; given a wrong shape, then the format is', () => {
    const flipped = vectors[0].replace('aA', 'AA');
    expect(checkEvmAddress(flipped)).toBe('checksum');
    expect(checkEvmAddress('0x123')).toBe('format');
    expect(checkEvmAddress('5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe('format');
    expect(checkEvmAddress('0x' + 'g'.repeat(40))).toBe('format');
  });
});
