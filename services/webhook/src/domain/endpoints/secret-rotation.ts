import type { Endpoint, RetiringSecret } from './endpoint';

/** The overlap a rotation gives the old secret unless told: a day for the receivers to switch. */
export const DEFAULT_OVERLAP_SECONDS = 24 * 3600;
/** At most a week: an overlap is a switch-over, not a second permanent secret. */
export const MAX_OVERLAP_SECONDS = 7 * 24 * 3600;

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
