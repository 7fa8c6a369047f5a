import { type ErrorCode, errorCatalog } from './catalog';

/** One failing field of a `bad_request`: `path` is dotted (`contact.email`, `travellers.2.lastName`). */
export interface FieldProblem {
  path: string;
  message: string;
}

/** The only error domain code throws. Transports map it; nothing else decides a status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: FieldProblem[] | null;

  constructor(code: ErrorCode, message?: string, details?: FieldProblem[] | null) {
    super(message ?? errorCatalog[code].message);
    this.name = 'AppError';
    this.code = code;
    this.details = details ?? null;
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
