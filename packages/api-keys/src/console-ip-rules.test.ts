import { consoleIpPolicy, isConsoleAddressAllowed } from './console-ip-rules';

describe('console IP rules', () => {
  it('when there are no rules, then every address is allowed', () => {
    expect(isConsoleAddressAllowed(consoleIpPolicy([]), '203.0.113.9')).toBe(true);
  });

  it('when an allow rule exists, then only addresses inside an allow rule are allowed', () => {
    const policy = consoleIpPolicy([{ action: 'allow', cidr: '10.0.0.0/8' }]);
    expect(isConsoleAddressAllowed(policy, '10.1.2.3')).toBe(true);
    expect(isConsoleAddressAllowed(policy, '::ffff:10.1.2.3')).toBe(true);
    expect(isConsoleAddressAllowed(policy, '11.0.0.1')).toBe(false);
    expect(isConsoleAddressAllowed(policy, '2001:db8::1')).toBe(false);
  });

  it('when an address is both allowed and denied, then deny wins', () => {
    const policy = consoleIpPolicy([
      { action: 'allow', cidr: '10.0.0.0/8' },
      { action: 'deny', cidr: '10.0.0.7' },
    ]);
    expect(isConsoleAddressAllowed(policy, '10.0.0.7')).toBe(false);
    expect(isConsoleAddressAllowed(policy, '10.0.0.8')).toBe(true);
  });

  it('when only deny rules exist, then every other address is allowed', () => {
    const policy = consoleIpPolicy([{ action: 'deny', cidr: '2001:db8::/32' }]);
    expect(isConsoleAddressAllowed(policy, '2001:db8::5')).toBe(false);
    expect(isConsoleAddressAllowed(policy, '192.0.2.1')).toBe(true);
  });

  it('when an allow rule no longer parses, then it still closes the consoles to everyone else', () => {
    const policy = consoleIpPolicy([{ action: 'allow', cidr: 'not-an-address' }]);
    expect(isConsoleAddressAllowed(policy, '192.0.2.1')).toBe(false);
  });

  it('when the address is not an address, then it is refused once any allow rule exists', () => {
    expect(isConsoleAddressAllowed(consoleIpPolicy([{ action: 'allow', cidr: '0.0.0.0/0' }]), '')).toBe(
      false,
    );
  });

  it('when allow rules parse, then only their addresses are let in (no placeholder is added)', () => {
    const policy = consoleIpPolicy([{ action: 'allow', cidr: '10.0.0.0/8' }]);
    expect(policy.allow).toHaveLength(1);
    expect(isConsoleAddressAllowed(policy, '::')).toBe(false);
  });
});
