import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

export type TargetCheck = { ok: true; url: URL; addresses: string[] } | { ok: false; reason: string };

export interface TargetPolicy {
  /** Production takes only https URLs whose host resolves to public addresses only (docs/decisions/webhooks.md, "Targets"). */
  production: boolean;
  /** Resolves a host name to every address it has; DNS by default, a table in tests. */
  resolve?: (host: string) => Promise<string[]>;
}

const resolveWithDns = async (host: string) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/**
 * Where a webhook may be sent: checked at registration and again before every delivery, because a
 * name can change its address between the two (DNS rebinding). Every address of the name must be
 * public; private, loopback, link-local, carrier-grade NAT, multicast, documentation and other special
 * ranges are refused, for IPv4, IPv6 and IPv4 mapped into IPv6. Outside production a loopback `http`
 * target is allowed, so a partner can try webhooks on their own machine.
 */
export async function checkTarget(raw: string, policy: TargetPolicy): Promise<TargetCheck> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'must be an absolute URL' };
  }
  if (url.username || url.password) return { ok: false, reason: 'must not carry credentials' };
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, reason: 'must be https' };
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  try {
    addresses = ipaddr.isValid(host) ? [host] : await (policy.resolve ?? resolveWithDns)(host);
  } catch {
    return { ok: false, reason: `host ${host} does not resolve` };
  }
  if (addresses.length === 0) return { ok: false, reason: `host ${host} does not resolve` };
  const ranges = addresses.map(rangeOf);
  const loopbackOnly = ranges.every((range) => range === 'loopback');
  if (!policy.production && loopbackOnly) return { ok: true, url, addresses };
  if (url.protocol !== 'https:') return { ok: false, reason: 'must be https' };
  const refused = ranges.find((range) => range !== 'unicast');
  if (refused) return { ok: false, reason: `must resolve to public addresses only (${host} is ${refused})` };
  return { ok: true, url, addresses };
}

/** ipaddr.js's name of the special range an address is in, `unicast` for a public one. */
function rangeOf(address: string): string {
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range();
}
