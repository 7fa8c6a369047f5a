/**
 * Every process of the platform proves who it is with a certificate of the platform's own CA whose one URI
 * subject alternative name is `spiffe://partner-travel/<peer>` (docs/caller-trust.md): the gateway, each service,
 * and the gateway's provider-webhook route as a peer of its own.
 */
export const PEER_TRUST_DOMAIN = 'partner-travel';

const PREFIX = `spiffe://${PEER_TRUST_DOMAIN}/`;

/** A peer's name: lower-case letters, digits, dots and dashes (`gateway`, `payment-webhooks`). */
export const PEER_NAME = /^[a-z][a-z0-9.-]*$/;

/** The URI a process's certificate carries: `spiffe://partner-travel/gateway`. */
export function peerUri(peer: string): string {
  if (!PEER_NAME.test(peer)) throw new Error(`not a peer name: ${peer}`);
  return `${PREFIX}${peer}`;
}

/**
 * The peer a certificate names, from Node's `subjectaltname` text (`URI:spiffe://partner-travel/gateway,
 * DNS:gateway`): its one URI in our trust domain. None, or more than one, names nobody (a certificate must not
 * speak for two processes). Node quotes a value holding a comma or a quote, which then matches nothing here.
 */
export function peerNameOf(subjectAltName: string | undefined): string | undefined {
  if (!subjectAltName) return undefined;
  const uris = subjectAltName
    .split(', ')
    .filter((entry) => entry.startsWith('URI:'))
    .map((entry) => entry.slice('URI:'.length));
  const ours = uris.filter((uri) => uri.startsWith(PREFIX));
  if (ours.length !== 1) return undefined;
  const name = ours[0]?.slice(PREFIX.length) ?? '';
  return PEER_NAME.test(name) ? name : undefined;
}
