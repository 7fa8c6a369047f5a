import { isTrustedProxy, resolveClientAddress } from './client-address';
import { type CidrRange, parseAllowListEntry } from './ip-allow-list';

const proxies = ['10.0.0.0/8'].map((e) => parseAllowListEntry(e) as CidrRange);

describe('client address', () => {
  it('when there is no proxy, then the TCP peer is the client', () => {
    expect(resolveClientAddress('203.0.113.9', undefined, proxies)).toBe('203.0.113.9');
  });

  it('when an untrusted peer sends X-Forwarded-For, then the header is ignored (spoofing changes nothing)', () => {
    expect(resolveClientAddress('203.0.113.9', '198.51.100.1', proxies)).toBe('203.0.113.9');
  });

  it('when a trusted proxy forwards, then the right-most untrusted hop is the client', () => {
    expect(resolveClientAddress('10.1.1.1', '1.2.3.4, 198.51.100.7, 10.2.2.2', proxies)).toBe('198.51.100.7');
  });

  it('when no proxies are configured, then X-Forwarded-For is never trusted', () => {
    expect(resolveClientAddress('10.1.1.1', '198.51.100.7', [])).toBe('10.1.1.1');
    expect(isTrustedProxy('10.1.1.1', [])).toBe(false);
    expect([isTrustedProxy('10.1.1.1', proxies), isTrustedProxy('198.51.100.7', proxies)]).toEqual([
      true,
      false,
    ]);
  });

  it('when the peer is IPv4-mapped IPv6, then it is reported as IPv4', () => {
    expect(resolveClientAddress('::ffff:203.0.113.9', undefined, proxies)).toBe('203.0.113.9');
  });

  it('when a forwarded hop is garbage, then the trusted peer is used rather than guessing', () => {
    expect(resolveClientAddress('10.1.1.1', 'unknown', proxies)).toBe('10.1.1.1');
  });

  it('when every forwarded hop but the first is a trusted proxy, then the first (left-most) hop is the client', () => {
    expect(resolveClientAddress('10.1.1.1', '198.51.100.7, 10.2.2.2', proxies)).toBe('198.51.100.7');
    expect(resolveClientAddress('10.1.1.1', '198.51.100.7', proxies)).toBe('198.51.100.7');
  });

  it('when the header has empty entries (a stray comma), then they are skipped, not taken for garbage', () => {
    expect(resolveClientAddress('10.1.1.1', '198.51.100.7, ', proxies)).toBe('198.51.100.7');
    expect(resolveClientAddress('10.1.1.1', '198.51.100.7,,10.2.2.2', proxies)).toBe('198.51.100.7');
  });
});
