/**
 * The update document that sets `changes` and removes the `unset` fields, for a `findOneAndUpdate` that changes
 * what a request gave and clears what it nulled (an empty `$unset` is not sent: MongoDB refuses it).
 */
export function setAndUnset(changes: object, unset: readonly string[]): Record<string, object> {
  if (unset.length === 0) return { $set: changes };
  return { $set: changes, $unset: Object.fromEntries(unset.map((field) => [field, 1])) };
}
