import ipaddr from 'ipaddr.js';

/** An endpoint's URL is at most this long. */
export const MAX_WEBHOOK_URL_LENGTH = 2048;

/** What a URL's text decides: refused with the reason, or its parsed form and its host (brackets removed). */
export type UrlForm = { ok: true; url: URL; host: string } | { ok: false; reason: string };

/**
 * The rules of a webhook URL that its text alone decides, the same in every environment: an absolute URL,
 * no credentials, http or https, and a host written as an address only in a range we may ever deliver to
 * (public unicast with https; loopback is left to the environment's rule). What a host name resolves to,
 * and whether this environment takes loopback `http`, are judged later by `judgeAddresses`.
 */
export function checkUrlForm(raw: string): UrlForm {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'must be an absolute URL' };
  }
  if (url.username || url.password) return { ok: false, reason: 'must not carry credentials' };
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, reason: 'must be https' };
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isAddress(host) && rangeOf(host) !== 'loopback') {
    // Not loopback, so the environment does not matter: production's verdict is everyone's.
    const refused = judgeAddresses(url, host, [host], true);
    if (refused) return { ok: false, reason: refused };
  }
  return { ok: true, url, host };
}

/**
 * Where a URL whose host has these addresses may be sent, or why not: outside production a host that is
 * loopback only may use `http` (a partner tries webhooks on their own machine); otherwise `https` and every
 * address public unicast (IPv4-mapped IPv6 judged as the IPv4 it carries). Null when it may.
 */
export function judgeAddresses(
  url: URL,
  host: string,
  addresses: string[],
  production: boolean,
): string | null {
  const ranges = addresses.map(rangeOf);
  if (!production && ranges.every((range) => range === 'loopback')) return null;
  if (url.protocol !== 'https:') return 'must be https';
  const refused = ranges.find((range) => range !== 'unicast');
  return refused ? `must resolve to public addresses only (${host} is ${refused})` : null;
}

/** A host written as an IPv4 or IPv6 address (no name to resolve). */
export function isAddress(host: string): boolean {
  return ipaddr.isValid(host);
}

/** ipaddr.js's name of the special range an address is in, `unicast` for a public one. */
function rangeOf(address: string): string {
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range();
}
