import { bearerToken } from '@travel/api-keys';
import { AppError } from '@travel/errors';
import type { RequestHandler } from 'express';
import type { AccessDirectory } from '../access/access-directory';
import type { CustomerTokenVerifier } from '../access/customer-tokens';
import { requestContextOf } from '../http/request-context';
import { forAccess } from './for-access';

/**
 * Customer routes: a genuine customer access token (`aud` customer: a staff token fails the audience
 * check) of a session that is still active (logout and refresh-token reuse bite at once).
 */
export function authenticateCustomer(
  tokens: CustomerTokenVerifier,
  directory: AccessDirectory,
): RequestHandler {
  return forAccess('customer', async (req, res) => {
    const token = bearerToken(req.get('authorization'));
    if (!token)
      throw new AppError('unauthorized', 'Send your access token as `Authorization: Bearer <token>`.');
    const claims = await tokens.verify(token);
    if (!claims) throw new AppError('unauthorized', 'The access token is invalid or has expired.');
    const session = await directory.customerSession(claims.sessionId);
    if (!session.active || session.principal.customerId !== claims.userId)
      throw new AppError('unauthorized', 'The session has ended; sign in again.');
    requestContextOf(res).customer = { ...session.principal, sessionId: claims.sessionId };
  });
}
