/**
 * Every process of the platform proves who it is with a certificate of the platform's own CA that names it by
 * one DNS subject alternative name `<peer>.peers.partner-travel` (docs/caller-trust.md): the gateway, each
 * service, and the gateway's provider-webhook route as a peer of its own. A DNS name, not a SPIFFE URI, because
 * Helm's `genSignedCert` (the chart's own CA) can write DNS names and IP addresses only; cert-manager writes both.
 */
export const PEER_DOMAIN = 'peers.partner-travel';

/** A peer's name: one DNS label, lower-case (`gateway`, `payment-webhooks`). */
export const PEER_NAME = /^[a-z][a-z0-9-]*$/;

/** The DNS name a process's certificate carries: `gateway.peers.partner-travel`. */
export function peerDnsName(peer: string): string {
  if (!PEER_NAME.test(peer)) throw new Error(`not a peer name: ${peer}`);
  return `${peer}.${PEER_DOMAIN}`;
}

/**
 * The peer a certificate names, from Node's `subjectaltname` text (`DNS:gateway.peers.partner-travel,
 * DNS:localhost`): its one DNS name under `peers.partner-travel`. None, or more than one, names nobody (a
 * certificate must not speak for two processes). Node quotes a value holding a comma or a quote, which then
 * matches nothing here.
 */
export function peerNameOf(subjectAltName: string | undefined): string | undefined {
  if (!subjectAltName) return undefined;
  const suffix = `.${PEER_DOMAIN}`;
  const ours = subjectAltName
    .split(', ')
    .filter((entry) => entry.startsWith('DNS:') && entry.endsWith(suffix))
    .map((entry) => entry.slice('DNS:'.length, -suffix.length));
  if (ours.length !== 1) return undefined;
  const name = ours[0] ?? '';
  return PEER_NAME.test(name) ? name : undefined;
}
