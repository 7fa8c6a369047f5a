import { DEFAULT_OVERLAP_SECONDS, rotatedSecrets, signingSecretsAt } from './secret-rotation';

const t0 = new Date('2026-11-21T10:00:00Z');
const later = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
const fresh = { sealedSecret: 's1', retiringSecrets: [] };

describe('secret rotation', () => {
  it('when rotated with the default overlap, then both secrets sign for a day and only the new one after', () => {
    const rotated = rotatedSecrets(fresh, 's2', DEFAULT_OVERLAP_SECONDS, t0);
    expect(rotated.previousExpiresAt).toEqual(later(86_400));
    expect(signingSecretsAt(rotated, later(86_399))).toEqual(['s2', 's1']);
    expect(signingSecretsAt(rotated, later(86_400))).toEqual(['s2']);
  });

  it('when rotated with overlap 0 (a leaked secret), then the old one signs nothing more at once', () => {
    const rotated = rotatedSecrets(fresh, 's2', 0, t0);
    expect(rotated.previousExpiresAt).toBeNull();
    expect(signingSecretsAt(rotated, t0)).toEqual(['s2']);
  });

  it('when rotated again within an overlap, then the older secret keeps its own end, and expired ones are dropped', () => {
    const first = rotatedSecrets(fresh, 's2', 3600, t0);
    const second = rotatedSecrets(first, 's3', 7200, later(600));
    expect(signingSecretsAt(second, later(601))).toEqual(['s3', 's2', 's1']);
    expect(signingSecretsAt(second, later(3600))).toEqual(['s3', 's2']);
    const third = rotatedSecrets(second, 's4', 0, later(4000));
    expect(third.retiringSecrets.map((s) => s.sealedSecret)).toEqual(['s2']);
  });
});
