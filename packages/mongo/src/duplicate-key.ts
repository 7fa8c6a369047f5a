/** True for MongoDB's E11000: a unique index refused the write (also how concurrent upserts collide). */
export function isDuplicateKeyError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;
}
