/** A database handle of either driver copy (the testkit's `mongodb` or mongoose's `connection.db`, once open). */
interface AdminOf {
  admin(): { command(command: Record<string, unknown>): Promise<unknown> };
}

/** The monitor's period outside these waits: MongoDB's default and secantusd's (docs/decisions/data.md). */
const DEFAULT_SLEEP_SECS = 60;

/**
 * Waits until the store's TTL monitor has made a whole pass after the call (so every document whose `expiresAt`
 * had passed by then is deleted), running it every second meanwhile and at its default period again after.
 * Time in the tests is the documents' own: they are written already expired, nobody sleeps for days. The
 * monitor is the store's, so two files waiting at once each see their pass (at worst one sets the period back
 * while the other waits: that one then waits up to a minute).
 */
export async function awaitTtlPass(db: AdminOf | undefined, timeoutMs = 90_000): Promise<void> {
  if (!db) throw new Error('awaitTtlPass: the connection is not open');
  const admin = db.admin();
  const passes = async () => {
    const status = (await admin.command({ serverStatus: 1 })) as { metrics?: { ttl?: { passes?: number } } };
    return Number(status.metrics?.ttl?.passes ?? Number.NaN);
  };
  const start = await passes();
  if (Number.isNaN(start))
    throw new Error('the store reports no TTL monitor passes (serverStatus.metrics.ttl)');
  await admin.command({ setParameter: 1, ttlMonitorSleepSecs: 1 });
  try {
    const deadline = Date.now() + timeoutMs;
    // A pass already running when we started may have missed our documents: wait for the one after it.
    while ((await passes()) < start + 2) {
      if (Date.now() > deadline) throw new Error(`no TTL monitor pass within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await admin.command({ setParameter: 1, ttlMonitorSleepSecs: DEFAULT_SLEEP_SECS });
  }
}
