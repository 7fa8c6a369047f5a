import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;
export type CidrRange = [Address, number];

/** IPv4-mapped IPv6 (`::ffff:10.0.0.1`) is the IPv4 address it carries, so rules written either way match. */
export function normaliseAddress(value: string): Address | undefined {
  if (!ipaddr.isValid(value)) return undefined;
  const address = ipaddr.parse(value);
  return address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()
    ? (address as ipaddr.IPv6).toIPv4Address()
    : address;
}

/** One allow-list entry: an address (a /32 or /128) or a CIDR. Undefined when it is neither. */
export function parseAllowListEntry(entry: string): CidrRange | undefined {
  const text = entry.trim();
  if (text.includes('/')) {
    if (!ipaddr.isValidCIDR(text)) return undefined;
    const [address, bits] = ipaddr.parseCIDR(text);
    if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96) {
      return [(address as ipaddr.IPv6).toIPv4Address(), bits - 96];
    }
    return [address, bits];
  }
  const address = normaliseAddress(text);
  return address ? [address, address.kind() === 'ipv4' ? 32 : 128] : undefined;
}

/** The entries that are not valid addresses or CIDRs (for a `bad_request` listing each). */
export function invalidAllowListEntries(entries: readonly string[]): string[] {
  return entries.filter((entry) => parseAllowListEntry(entry) === undefined);
}

/** An empty list allows any address (gateway/openapi/internal.yaml, `ipAllowList`); otherwise the address must fall in one range. */
export function isAddressAllowed(ranges: readonly CidrRange[], clientAddress: string): boolean {
  if (ranges.length === 0) return true;
  const address = normaliseAddress(clientAddress);
  if (!address) return false;
  return ranges.some(([network, bits]) => network.kind() === address.kind() && address.match(network, bits));
}
