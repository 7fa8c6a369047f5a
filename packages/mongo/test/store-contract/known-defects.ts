import type { mongo } from 'mongoose';

/**
 * Where a pinned store version is known to answer differently from MongoDB, in a way the platform's code
 * does not rely on (docs/store-contract.md says how each is worked around).
 */
export type KnownDefect =
  /**
   * Racing first upserts of one `_id` through findOneAndUpdate: the store applies a loser's call as an update
   * but answers it `value: null`, `updatedExisting: false`, as if it had inserted. Only the real inserter's
   * `lastErrorObject.upserted` is set. Code reads that, or creates the document before racing on it.
   */
  'find-and-modify-upsert-race-reply';

/** By the exact version: a new version is checked in full again, and either passes or is listed anew. */
const KNOWN_DEFECTS: Record<string, readonly KnownDefect[]> = {
  'secantusd-rs 0.5.3-beta.196': ['find-and-modify-upsert-race-reply'],
};

export async function knownDefectsOf(db: mongo.Db): Promise<ReadonlySet<KnownDefect>> {
  const info = await db.admin().command({ buildInfo: 1 });
  const server =
    typeof info.secantusVersion === 'string'
      ? `secantusd-rs ${info.secantusVersion}`
      : `mongod ${info.version}`;
  return new Set(KNOWN_DEFECTS[server] ?? []);
}
