import { clientAddressKey } from './client-address';

// Proves the rate limits count an IPv6 client by its /64, an IPv4-mapped address as IPv4, IPv4 as is.
describe('clientAddressKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:aaaa::1', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['::ffff:198.51.100.4', '198.51.100.4'],
    ['::ffff:c633:6404', '198.51.100.4'],
    ['64:ff9b::192.0.2.1', '64:ff9b:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['', ''],
    ['not-an-address', 'not-an-address'],
  ])('%s → %s', (ip, key) => {
    expect(clientAddressKey(ip)).toBe(key);
  });

  it('two addresses in one /64 share a key; the next /64 does not', () => {
    expect(clientAddressKey('2001:db8:5:6::1')).toBe(clientAddressKey('2001:db8:5:6:ffff:1:2:3'));
    expect(clientAddressKey('2001:db8:5:7::1')).not.toBe(clientAddressKey('2001:db8:5:6::1'));
  });
});
