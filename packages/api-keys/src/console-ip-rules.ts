import { type CidrRange, isAddressAllowed, parseAllowListEntry } from './ip-allow-list';

export type ConsoleIpAction = 'allow' | 'deny';

/** One console IP rule as written (`cidr`: an address or a CIDR). */
export interface ConsoleIpRuleEntry {
  action: ConsoleIpAction;
  cidr: string;
}

/** The rules parsed once, for checking many addresses. */
export interface ConsoleIpPolicy {
  allow: CidrRange[];
  deny: CidrRange[];
}

/** A rule whose text no longer parses matches nothing: a broken deny blocks no one, a broken allow admits no one. */
export function consoleIpPolicy(rules: readonly ConsoleIpRuleEntry[]): ConsoleIpPolicy {
  const policy: ConsoleIpPolicy = { allow: [], deny: [] };
  for (const rule of rules) {
    const range = parseAllowListEntry(rule.cidr);
    if (range) policy[rule.action].push(range);
  }
  // An allow rule that parsed to nothing still counts as "an allow rule exists".
  if (policy.allow.length === 0 && rules.some((rule) => rule.action === 'allow')) {
    policy.allow.push(parseAllowListEntry('::/128') as CidrRange);
  }
  return policy;
}

/**
 * docs/decisions/identity-and-access.md, "Console IP rules": `deny` always wins; when any `allow` rule exists, only addresses inside one are let in;
 * with no rules at all everyone is.
 */
export function isConsoleAddressAllowed(policy: ConsoleIpPolicy, clientAddress: string): boolean {
  if (policy.deny.length > 0 && isAddressAllowed(policy.deny, clientAddress)) return false;
  return isAddressAllowed(policy.allow, clientAddress);
}
