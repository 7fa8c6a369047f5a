import { lookup } from 'node:dns/promises';
import { checkUrlForm, isAddress, judgeAddresses } from '@travel/webhook-rules';

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
 * target is allowed, so a partner can try webhooks on their own machine. The rules are @travel/webhook-rules';
 * the gateway's contract applies those the URL's text decides before the call comes here.
 */
export async function checkTarget(raw: string, policy: TargetPolicy): Promise<TargetCheck> {
  const form = checkUrlForm(raw);
  if (!form.ok) return form;
  const { url, host } = form;
  let addresses: string[];
  try {
    addresses = isAddress(host) ? [host] : await (policy.resolve ?? resolveWithDns)(host);
  } catch {
    return { ok: false, reason: `host ${host} does not resolve` };
  }
  if (addresses.length === 0) return { ok: false, reason: `host ${host} does not resolve` };
  const refused = judgeAddresses(url, host, addresses, policy.production);
  return refused ? { ok: false, reason: refused } : { ok: true, url, addresses };
}
