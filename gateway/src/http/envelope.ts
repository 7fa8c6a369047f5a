import type { ErrorDetails } from '@travel/errors';

/** The error envelope of both APIs (`ErrorEnvelope` in gateway/openapi/partner.yaml and internal.yaml). */
export interface ErrorBody {
  error: { code: string; message: string; requestId: string; details: ErrorDetails | null };
}

export function errorBody(
  code: string,
  message: string,
  requestId: string,
  details: ErrorDetails | null = null,
): ErrorBody {
  return { error: { code, message, requestId, details } };
}

export function dataBody<T>(data: T): { data: T } {
  return { data };
}

/** The list envelope: `hasMore` is true exactly when there is a `nextCursor` to pass back. */
export function listBody<T>(data: T[], nextCursor: string | null = null) {
  return { data, hasMore: nextCursor !== null, nextCursor };
}

/** The list envelope around an object that holds one page of a list beside fields of its own. */
export function pageInDataBody<T extends object>(data: T, nextCursor: string | null) {
  return { data, hasMore: nextCursor !== null, nextCursor };
}
