import { type CidrRange, isAddressAllowed, normaliseAddress } from './ip-allow-list';

/**
 * The caller's address: the TCP peer, unless the peer is a trusted proxy; then the right-most
 * `X-Forwarded-For` entry that is not itself a trusted proxy (docs/access.md, "A partner call"). Entries a client wrote
 * itself sit further left and are never reached, so a spoofed header from an untrusted peer changes nothing.
 */
export function resolveClientAddress(
  peer: string,
  forwardedFor: string | undefined,
  trustedProxies: readonly CidrRange[],
): string {
  const isTrusted = (value: string) => isTrustedProxy(value, trustedProxies);
  const normalisedPeer = normaliseAddress(peer)?.toString() ?? peer;
  if (!forwardedFor || !isTrusted(normalisedPeer)) return normalisedPeer;
  const hops = forwardedFor
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = normaliseAddress(hops[i] as string)?.toString();
    if (!hop) return normalisedPeer;
    if (!isTrusted(hop)) return hop;
  }
  return normalisedPeer;
}

/** Whether `address` (a peer or a forwarded hop) is one of the proxies whose forwarded headers are believed. */
export function isTrustedProxy(address: string, trustedProxies: readonly CidrRange[]): boolean {
  return trustedProxies.length > 0 && isAddressAllowed(trustedProxies, address);
}
