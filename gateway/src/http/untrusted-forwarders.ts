import type { Logger } from '@travel/logger';
import { counter } from '@travel/metrics';
import { LRUCache } from 'lru-cache';

/** A peer is named in the log again after this long, if it still forwards. */
const WARN_AGAIN_AFTER_MS = 3_600_000;
/** However many peers forward, at most one line this often. */
const MIN_MS_BETWEEN_LINES = 1000;

/**
 * Notes a request whose peer sent `X-Forwarded-For` or `Forwarded` without being in `TRUSTED_PROXIES`: the headers
 * are ignored, so if that peer is the platform's own proxy every client shares its address (one failed-key window,
 * allow-lists that see the proxy). Counted every time (`gateway_untrusted_forwarded_requests_total`); logged once per
 * peer an hour and at most once a second, so a client that forges the header cannot flood the log.
 */
export function untrustedForwarders(logger: Logger, now: () => number = Date.now) {
  const requests = counter(
    'gateway_untrusted_forwarded_requests_total',
    'Requests with X-Forwarded-For or Forwarded from a peer not in TRUSTED_PROXIES (the headers are ignored).',
    [],
  );
  // The cache's hour is read off the same clock as the one-line-a-second gap.
  const warned = new LRUCache<string, true>({
    max: 10_000,
    ttl: WARN_AGAIN_AFTER_MS,
    ttlResolution: 0,
    perf: { now },
  });
  let lastLineAt = Number.NEGATIVE_INFINITY;
  return function noteUntrustedForwarder(peer: string, headers: string[]): void {
    requests.inc();
    if (warned.has(peer) || now() - lastLineAt < MIN_MS_BETWEEN_LINES) return;
    warned.set(peer, true);
    lastLineAt = now();
    logger.warn(
      { peer, headers },
      'forwarded headers from a peer not in TRUSTED_PROXIES are ignored: if it is your ingress or load balancer, ' +
        'add its addresses to TRUSTED_PROXIES (chart: ingress.trustedProxies), or every client shares its address',
    );
  };
}
