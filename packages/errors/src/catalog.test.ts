import { AppError, badRequest, createError, errorCatalog, isAppError, isErrorCode } from './index';

// Every code a partner can see, with its HTTP status, as the partner API document lists them (gateway/openapi/partner.yaml).
const partnerTable: Array<[string, number]> = [
  ['bad_request', 400],
  ['idempotency_key_required', 400],
  ['unauthorized', 401],
  ['forbidden', 403],
  ['insufficient_scope', 403],
  ['scope_disabled', 403],
  ['client_not_linked', 403],
  ['not_found', 404],
  ['conflict', 409],
  ['offer_expired', 410],
  ['idempotency_key_reuse', 422],
  ['rate_limited', 429],
  ['internal_error', 500],
  ['api_disabled', 503],
];

describe('error catalog', () => {
  it.each(partnerTable)(
    'when the partner spec lists %s, then the catalog answers HTTP %i',
    (code, status) => {
      expect(isErrorCode(code)).toBe(true);
      expect(errorCatalog[code as keyof typeof errorCatalog].http).toBe(status);
    },
  );

  it('when a booking passes a key spending limit, then it is 403 spending_limit_exceeded and carries its facts apart from fields', () => {
    expect(errorCatalog.spending_limit_exceeded.http).toBe(403);
    const error = new AppError('spending_limit_exceeded', undefined, null, { limit: 'daily', remaining: 10 });
    expect([error.details, error.facts]).toEqual([null, { limit: 'daily', remaining: 10 }]);
  });

  it('when an error is created without a message, then it carries the catalog message', () => {
    const error = new AppError('not_found');
    expect(error.message).toBe(errorCatalog.not_found.message);
    expect(error.httpStatus).toBe(404);
    expect(error.details).toBeNull();
  });

  it('when a bad request is built, then its details list each failing field', () => {
    const error = badRequest([{ path: 'contact.email', message: 'must be an email' }]);
    expect(error.code).toBe('bad_request');
    expect(error.details).toEqual([{ path: 'contact.email', message: 'must be an email' }]);
    expect(error.message).toBe('Validation failed.');
    expect(badRequest([], 'The filter is invalid.').message).toBe('The filter is invalid.');
  });

  it('when an error is thrown, then logs name it AppError and only an AppError is recognised as one', () => {
    const error = createError('conflict', 'The booking is already cancelled.');
    expect([error.name, error.message, error.httpStatus, error.details]).toEqual([
      'AppError',
      'The booking is already cancelled.',
      409,
      null,
    ]);
    expect(String(error)).toBe('AppError: The booking is already cancelled.');
    expect(isAppError(error)).toBe(true);
    expect(isAppError(Object.assign(new Error('x'), { code: 'conflict' }))).toBe(false);
  });

  it('when a code is unknown, then it is not a catalog code', () => {
    expect(isErrorCode('teapot')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
  });
});
