import type { webhook } from '@travel/contracts';
import { AppError } from '@travel/errors';
import type { Endpoint, Environment } from '../domain/endpoint';

/** The verified caller of a partner call; an endpoint is seen only by its client, in its environment. */
export interface Caller {
  tenantId: string | null;
  clientId: number;
  environment: Environment;
}

export function callerFrom(caller: webhook.Caller | undefined): Caller {
  if (!caller?.clientId || (caller.environment !== 'live' && caller.environment !== 'test'))
    throw new AppError('internal_error', 'The gateway sent no verified caller.');
  return { tenantId: caller.tenantId || null, clientId: caller.clientId, environment: caller.environment };
}

export function owns(caller: Caller, endpoint: Endpoint): boolean {
  return endpoint.clientId === caller.clientId && endpoint.environment === caller.environment;
}
