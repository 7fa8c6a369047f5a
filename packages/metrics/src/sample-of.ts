/**
 * The value of one sample in Prometheus exposition text (what `GET /metrics` answers): the series of `name`
 * whose labels include all of `labels`, summed when several match; 0 when none does, as for a counter
 * that never moved. For tests and scripts that read another process's metrics.
 */
export function sampleOf(text: string, name: string, labels: Record<string, string> = {}): number {
  let total = 0;
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = new Map(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found.get(key) === value)) total += Number(match[3]);
  }
  return total;
}
