import type { Endpoint, RetiringSecret } from './endpoint';

// The default and the bound of an overlap, the same in the gateway's contract (@travel/webhook-rules).
export { DEFAULT_OVERLAP_SECONDS, MAX_OVERLAP_SECONDS } from '@travel/webhook-rules';

/**
 * The secrets an endpoint holds after a rotation to `newSealed` at `now`: the replaced one signs on until
 * `now + overlapSeconds` (not at all with 0: a leaked secret stops at once), those retiring from earlier
 * rotations keep their own end, and expired ones are dropped.
 */
export function rotatedSecrets(
  endpoint: Pick<Endpoint, 'sealedSecret' | 'retiringSecrets'>,
  newSealed: string,
  overlapSeconds: number,
  now: Date,
): { sealedSecret: string; retiringSecrets: RetiringSecret[]; previousExpiresAt: Date | null } {
  const previousExpiresAt = overlapSeconds > 0 ? new Date(now.getTime() + overlapSeconds * 1000) : null;
  const replaced = previousExpiresAt
    ? [{ sealedSecret: endpoint.sealedSecret, expiresAt: previousExpiresAt }]
    : [];
  return {
    sealedSecret: newSealed,
    retiringSecrets: [...replaced, ...stillValid(endpoint.retiringSecrets, now)],
    previousExpiresAt,
  };
}

/** The sealed secrets that sign a delivery made at `now`: the current one first, then those still overlapping. */
export function signingSecretsAt(
  endpoint: Pick<Endpoint, 'sealedSecret' | 'retiringSecrets'>,
  now: Date,
): string[] {
  return [endpoint.sealedSecret, ...stillValid(endpoint.retiringSecrets, now).map((s) => s.sealedSecret)];
}

function stillValid(retiring: readonly RetiringSecret[], now: Date): RetiringSecret[] {
  return retiring.filter((secret) => secret.expiresAt.getTime() > now.getTime());
}
