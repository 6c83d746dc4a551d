import { addressBlock } from './address-block';

describe('addressBlock (the subject of a per-address allowance)', () => {
  it('keeps an IPv4 address, and anything that is not an address, as it is', () => {
    expect(addressBlock('203.0.113.7')).toBe('203.0.113.7');
    expect(addressBlock('unknown')).toBe('unknown');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const block = '2001:db8:0:1::/64';
    for (const a of [
      '2001:db8:0:1::1',
      '2001:0db8:0000:0001:aaaa:bbbb:cccc:dddd',
      '2001:DB8:0:1:0:0:0:2',
      '2001:db8:0:1::ffff:1.2.3.4',
      '2001:db8:0:1::5%eth0',
    ]) {
      expect([a, addressBlock(a)]).toEqual([a, block]);
    }
    expect(addressBlock('2001:db8:0:2::1')).toBe('2001:db8:0:2::/64');
    expect(addressBlock('::1')).toBe('0:0:0:0::/64');
    expect(addressBlock('2001:db8::')).toBe('2001:db8:0:0::/64');
  });
});
