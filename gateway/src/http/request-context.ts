import type { KeyRecord } from '@travel/api-keys';
import type { Logger } from '@travel/logger';
import type { Response } from 'express';
import type { ErrorBody } from './envelope';
import type { RouteDefinition } from './route-table';

/** The signed-in staff member, as the staff access middleware resolved it. */
export interface StaffPrincipal {
  userId: string;
  sessionId: string;
  email: string;
  tenantId: string | null;
  platform: boolean;
  rights: string[];
}

/** The signed-in storefront customer, as the customer access middleware resolved it. */
export interface CustomerPrincipal {
  customerId: string;
  sessionId: string;
  email: string;
}

/** What the chain puts on a response's locals, in the order it does so. */
export interface RequestLocals {
  requestId: string;
  log: Logger;
  /** The route this request is for; absent for unknown routes. */
  route?: RouteDefinition;
  /** The caller's address (the peer, or the proxy-forwarded address from a trusted proxy). */
  clientAddress?: string;
  /** Set by the partner key authentication. */
  key?: KeyRecord;
  /** Set by the staff token authentication. */
  staff?: StaffPrincipal;
  /** Set by the customer token authentication. */
  customer?: CustomerPrincipal;
  /** The body's bytes as received, for routes that ask for them (`rawBody: true`), e.g. to check a signature. */
  rawBody?: Buffer;
  /** When the request's budget ends (request-budget.ts); every service call it makes carries it. */
  deadline?: Date;
  /** Aborted when the client hangs up before the answer: the calls in flight are cancelled. */
  signal?: AbortSignal;
  /** The error envelope the error handler answered (the request log keeps a failed partner call's). */
  errorBody?: ErrorBody;
}

export function requestContextOf(res: Response): RequestLocals {
  return res.locals as RequestLocals;
}

/** The verified partner key; only for handlers of partner routes, behind the key check. */
export function partnerKeyOf(res: Response): KeyRecord {
  const { key } = requestContextOf(res);
  if (!key) throw new Error('partner route reached without a verified key');
  return key;
}

/** The verified staff member; only for handlers of staff routes, behind the token check. */
export function staffOf(res: Response): StaffPrincipal {
  const { staff } = requestContextOf(res);
  if (!staff) throw new Error('staff route reached without a verified staff token');
  return staff;
}

/** The verified customer; only for handlers of customer routes, behind the token check. */
export function customerOf(res: Response): CustomerPrincipal {
  const { customer } = requestContextOf(res);
  if (!customer) throw new Error('customer route reached without a verified customer token');
  return customer;
}
