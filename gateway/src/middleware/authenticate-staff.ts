import { bearerToken } from '@travel/api-keys';
import { AppError } from '@travel/errors';
import type { RequestHandler } from 'express';
import type { AccessDirectory } from '../access/access-directory';
import type { StaffTokenVerifier } from '../access/staff-tokens';
import { requestContextOf } from '../http/request-context';
import { forAccess } from './for-access';

/** Staff routes: a genuine access token of a session that is still active (revocations bite at once). */
export function authenticateStaff(tokens: StaffTokenVerifier, directory: AccessDirectory): RequestHandler {
  return forAccess('staff', async (req, res) => {
    const token = bearerToken(req.get('authorization'));
    if (!token)
      throw new AppError('unauthorized', 'Send your access token as `Authorization: Bearer <token>`.');
    const claims = await tokens.verify(token);
    if (!claims) throw new AppError('unauthorized', 'The access token is invalid or has expired.');
    const session = await directory.session(claims.sessionId, claims.userId);
    if (!session.active || session.principal.userId !== claims.userId)
      throw new AppError('unauthorized', 'The session has ended; sign in again.');
    requestContextOf(res).staff = { ...session.principal, sessionId: claims.sessionId };
  });
}
