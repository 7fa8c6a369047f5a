import { AppError } from '@travel/errors';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { idempotentHandler, readIdempotentChange } from './idempotency';

const body = z.strictObject({ amount: z.number().int().min(1) });
const requestOf = (headers: Record<string, string>, json: unknown) =>
  ({ get: (name: string) => headers[name.toLowerCase()], body: json }) as unknown as Request;
const problemsOf = (read: () => unknown) => {
  try {
    read();
    return null;
  } catch (error) {
    return [(error as AppError).code, (error as AppError).details?.map((d) => d.path) ?? null];
  }
};

describe('Idempotency-Key on a change', () => {
  it('when a required key is missing, then idempotency_key_required; when it is malformed and the body too, then one 400 naming both', () => {
    expect(
      problemsOf(() =>
        readIdempotentChange(body, requestOf({}, { amount: 1 }), { required: true, target: {} }),
      ),
    ).toEqual(['idempotency_key_required', null]);
    expect(
      problemsOf(() =>
        readIdempotentChange(body, requestOf({ 'idempotency-key': 'short' }, { amount: 0 }), {
          required: true,
          target: {},
        }),
      ),
    ).toEqual(['bad_request', ['Idempotency-Key', 'amount']]);
  });

  it('when an optional key is absent, then the change runs without one', () => {
    expect(readIdempotentChange(body, requestOf({}, { amount: 2 }), { required: false, target: {} })).toEqual(
      {
        body: { amount: 2 },
        idempotency: undefined,
      },
    );
  });

  it('when a bare request and one with {} come with one key, then they are the same request; another target is another', () => {
    const read = (json: unknown, id: string) =>
      readIdempotentChange(z.strictObject({}), requestOf({ 'idempotency-key': 'key-12345678' }, json), {
        required: false,
        target: { id },
      }).idempotency;
    expect(read(undefined, 'bkg_1')).toEqual(read({}, 'bkg_1'));
    expect(read({}, 'bkg_1')?.requestFingerprint).not.toBe(read({}, 'bkg_2')?.requestFingerprint);
  });

  it('when the service says the key is in use, then the answer carries Retry-After with its seconds', async () => {
    const headers: Record<string, string> = {};
    const res = {
      setHeader: (name: string, value: string) => (headers[name] = value),
    } as unknown as Response;
    const inUse = new AppError('idempotency_key_in_use', undefined, null, { retryAfterSeconds: 2 });
    const handler = idempotentHandler(async () => {
      throw inUse;
    });
    await expect(handler({} as Request, res, () => {})).rejects.toBe(inUse);
    expect(headers).toEqual({ 'Retry-After': '2' });
  });
});
