/** The order of a list oldest first: creation time, then id for rows created in one millisecond. */
export const CREATED_ORDER = { createdAt: 1, _id: 1 } as const;

/**
 * The filter of the rows after a position in `CREATED_ORDER` (none: from the first), to be added to a list's
 * own filter and served by an index ending in `createdAt: 1, _id: 1`.
 */
export function createdAfter(after: { at: number; id: string } | undefined): Record<string, unknown> {
  if (after === undefined) return {};
  const at = new Date(after.at);
  return { $or: [{ createdAt: { $gt: at } }, { createdAt: at, _id: { $gt: after.id } }] };
}
