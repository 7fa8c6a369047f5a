import { bearerToken, hashApiKey, type KeyCheck, parseApiKey, verifyKey } from '@travel/api-keys';
import { AppError } from '@travel/errors';
import type { RequestHandler } from 'express';
import type { AccessDirectory } from '../access/access-directory';
import type { KeyFailures } from '../access/key-failures';
import { requestContextOf } from '../http/request-context';
import { forAccess } from './for-access';

const failures: Record<Exclude<KeyCheck['result'], 'valid'>, () => AppError> = {
  missing: () => new AppError('unauthorized', 'Send your API key as `Authorization: Bearer <key>`.'),
  malformed: () => new AppError('unauthorized', 'The API key is not valid.'),
  unknown: () => new AppError('unauthorized', 'The API key is not valid.'),
  revoked: () => new AppError('unauthorized', 'The API key has been revoked.'),
  expired: () => new AppError('unauthorized', 'The API key has expired.'),
  client_suspended: () => new AppError('forbidden', 'The API client is suspended.'),
};

/** A key was sent and is no good: counted against the address (key-failure-limit.ts). */
const COUNTED: ReadonlySet<KeyCheck['result']> = new Set(['malformed', 'unknown', 'revoked', 'expired']);

/**
 * Partner routes, step 1: a known, unrevoked, unexpired key of an active client (cached; no gRPC per call).
 * A key sent and refused counts as a failure of the client address.
 */
export function authenticateKey(
  directory: AccessDirectory,
  now: () => Date,
  keyFailures: KeyFailures,
): RequestHandler {
  return forAccess('partner', async (req, res) => {
    const presented = bearerToken(req.get('authorization'));
    const record =
      presented && parseApiKey(presented) ? await directory.findKey(hashApiKey(presented)) : undefined;
    const check = verifyKey({ presented, record, now: now() });
    if (check.result === 'valid') {
      requestContextOf(res).key = check.key;
      return;
    }
    if (COUNTED.has(check.result)) await keyFailures.record(requestContextOf(res).clientAddress ?? '');
    throw failures[check.result]();
  });
}
