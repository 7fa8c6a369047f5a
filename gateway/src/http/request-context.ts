import type { Logger } from '@travel/logger';
import type { Response } from 'express';

/** What the request-id middleware puts on every response's locals. */
export interface RequestLocals {
  requestId: string;
  log: Logger;
}

export function requestContextOf(res: Response): RequestLocals {
  return res.locals as RequestLocals;
}
