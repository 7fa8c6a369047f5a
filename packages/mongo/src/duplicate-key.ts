/** True for MongoDB's E11000: a unique index refused the write (also how concurrent upserts collide). */
export function isDuplicateKeyError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;
}

/**
 * Inserts a document whose unique key decides a race: true when this insert landed, false when a document
 * with that key was there first. The tool for a document created once (a claim, a binding, a record);
 * a change to an existing document is a conditional update or `findOneAndUpdate` instead.
 */
export async function insertIfAbsent(
  model: { create(doc: object): Promise<unknown> },
  doc: object,
): Promise<boolean> {
  try {
    await model.create(doc);
    return true;
  } catch (error) {
    if (isDuplicateKeyError(error)) return false;
    throw error;
  }
}
