import { type ErrorCode, errorCatalog } from './catalog';

/** One failing field of a `bad_request`: `path` is dotted (`contact.email`, `travellers.2.lastName`). */
export interface FieldProblem {
  path: string;
  message: string;
}

/**
 * Facts of a refusal that is not about fields (`spending_limit_exceeded`: the limit, the amount, what remains
 * today): answered as the envelope's `details`, an object where a `bad_request` has its field list.
 */
export type ErrorFacts = Readonly<Record<string, string | number | boolean | null>>;

/** What the envelope's `details` holds: the failing fields, or the facts of another refusal. */
export type ErrorDetails = FieldProblem[] | ErrorFacts;

/** The only error domain code throws. Transports map it; nothing else decides a status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: FieldProblem[] | null;
  readonly facts: ErrorFacts | null;

  /** `options.cause`: what failed underneath (a transport's error), logged with this one, never answered. */
  constructor(
    code: ErrorCode,
    message?: string,
    details?: FieldProblem[] | null,
    facts?: ErrorFacts | null,
    options?: { cause?: unknown },
  ) {
    super(message ?? errorCatalog[code].message, options);
    this.name = 'AppError';
    this.code = code;
    this.details = details ?? null;
    this.facts = facts ?? null;
  }

  get httpStatus(): number {
    return errorCatalog[this.code].http;
  }
}

export function createError(code: ErrorCode, message?: string, details?: FieldProblem[] | null): AppError {
  return new AppError(code, message, details);
}

export function badRequest(details: FieldProblem[], message = 'Validation failed.'): AppError {
  return new AppError('bad_request', message, details);
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
