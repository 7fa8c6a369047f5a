import {
  type CidrRange,
  invalidAllowListEntries,
  isAddressAllowed,
  parseAllowListEntry,
} from './ip-allow-list';

const ranges = (...entries: string[]) => entries.map((e) => parseAllowListEntry(e) as CidrRange);

describe('IP allow-list', () => {
  it('when the list is empty, then every address is allowed', () => {
    expect(isAddressAllowed([], '203.0.113.9')).toBe(true);
  });

  it.each([
    ['203.0.113.9', '203.0.113.9', true],
    ['203.0.113.9', '203.0.113.10', false],
    ['203.0.113.0/24', '203.0.113.250', true],
    ['203.0.113.0/24', '203.0.114.1', false],
    ['2001:db8::/32', '2001:db8:1::7', true],
    ['2001:db8::/32', '2001:db9::1', false],
    ['203.0.113.9', '::ffff:203.0.113.9', true],
    ['::ffff:203.0.113.0/120', '203.0.113.77', true],
    ['10.0.0.0/8', '2001:db8::1', false],
    ['2001:db8::1', '2001:db8::1', true],
    ['2001:db8::1', '2001:db8::2', false],
    ['::ffff:0.0.0.0/96', '198.51.100.7', true],
    ['::ffff:0:0/80', '::1', true],
    [' 203.0.113.0/24 ', '203.0.113.1', true],
    ['2001:db8::1', 'not-an-ip', false],
  ])('when the list holds %s and the caller is %s, then allowed is %s', (entry, address, allowed) => {
    expect(isAddressAllowed(ranges(entry), address)).toBe(allowed);
  });

  it('when entries are invalid, then exactly those are reported', () => {
    expect(
      invalidAllowListEntries(['10.0.0.1', '10.0.0.0/33', 'example.com', '::1', '2001:db8::/129']),
    ).toEqual(['10.0.0.0/33', 'example.com', '2001:db8::/129']);
  });

  it('when the list holds several ranges, then an address inside any one of them is allowed', () => {
    const list = ranges('203.0.113.0/24', '2001:db8::/32', '10.0.0.1');
    expect(
      ['203.0.113.5', '2001:db8::9', '10.0.0.1', '10.0.0.2'].map((a) => isAddressAllowed(list, a)),
    ).toEqual([true, true, true, false]);
  });

  it('when an entry is a single address, then it is that address alone (a /32, or a /128 for IPv6)', () => {
    expect(parseAllowListEntry('203.0.113.9')?.[1]).toBe(32);
    expect(parseAllowListEntry('2001:db8::1')?.[1]).toBe(128);
    expect(parseAllowListEntry(' 2001:db8::/48 ')?.[1]).toBe(48);
  });
});
