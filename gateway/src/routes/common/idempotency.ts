import { AppError, badRequest, type FieldProblem, isAppError } from '@travel/errors';
import type { Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';
import { check } from '../../http/validate';
import { fingerprintOf, IDEMPOTENCY_KEY_HEADER } from './booking-requests';
import { idempotencyKey } from './partner-contract/operations';

// `Idempotency-Key` on the routes that move money or a booking besides the creates of bookings (cancels,
// top-ups, invoice payments), read the same way (docs/idempotency.md). The services keep the keys.

/** A key and what "the same request" means for it: the route's target (its path ids) and the body. */
export interface IdempotencyOf {
  key: string;
  requestFingerprint: string;
}

/**
 * The body by its schema and the `Idempotency-Key`, in one 400 listing every problem. `required`: a missing
 * key is `400 idempotency_key_required` (creates that move money); otherwise the route runs without one.
 * The fingerprint covers the target too, so one key cannot replay another booking's cancel.
 */
export function readIdempotentChange<S extends z.ZodType>(
  schema: S,
  req: Request,
  options: { required: boolean; target: Record<string, string> },
): { body: z.output<S>; idempotency: IdempotencyOf | undefined } {
  const header = req.get(IDEMPOTENCY_KEY_HEADER);
  const given = header !== undefined && header !== '';
  if (!given && options.required) throw new AppError('idempotency_key_required');
  const problems: FieldProblem[] =
    given && !idempotencyKey.safeParse(header).success
      ? [{ path: IDEMPOTENCY_KEY_HEADER, message: 'must be 8 to 100 visible ASCII characters' }]
      : [];
  const checked = check(schema, req.body);
  if (!checked.ok) problems.push(...checked.problems);
  if (!checked.ok || problems.length > 0) throw badRequest(problems);
  const idempotency = given
    ? // No body reads as `{}`, as `check` reads it: a cancel sent bare and one sent with `{}` are the same request.
      { key: header, requestFingerprint: fingerprintOf({ ...options.target, body: req.body ?? {} }) }
    : undefined;
  return { body: checked.data, idempotency };
}

/**
 * The service answered an idempotent change: `Idempotent-Replayed: true` when an earlier request with the key
 * made the answer. Also the gateway's crash point (`GATEWAY_CRASH_AT`, `app.locals.crash`; tests only).
 */
export function markReplayed(res: Response, replayed: boolean): void {
  (res.app.locals.crash as ((point: string) => void) | undefined)?.('after-idempotent-call');
  if (replayed) res.setHeader('Idempotent-Replayed', 'true');
}

/**
 * An idempotent route's handler: a `409 idempotency_key_in_use` leaves with `Retry-After` (the seconds the
 * service said: what is left of the first request's lease), so a client waits exactly that long.
 */
export function idempotentHandler(handler: (req: Request, res: Response) => Promise<void>): RequestHandler {
  return async (req, res) => {
    try {
      await handler(req, res);
    } catch (error) {
      const seconds = isAppError(error) ? error.facts?.retryAfterSeconds : undefined;
      if (isAppError(error) && error.code === 'idempotency_key_in_use' && typeof seconds === 'number')
        res.setHeader('Retry-After', String(seconds));
      throw error;
    }
  };
}
