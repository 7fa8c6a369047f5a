import { AppError, isAppError } from '@travel/errors';
import type { Response } from 'express';
import type { ServiceClients } from '../clients/service-clients';
import { actorOf, callOptions } from './calls';

/** `cus_<n>`: anything else names no customer. */
export const CUSTOMER_ID = /^cus_[0-9]{1,15}$/;

/**
 * A storefront customer named by a request (a path parameter or a body field) must exist before anything
 * is stored for it: customers are identity's, so identity says (`404` naming the field when it knows none).
 */
export async function requireCustomer(
  clients: ServiceClients,
  res: Response,
  customerId: string,
  field = 'customerId',
): Promise<void> {
  const missing = new AppError('not_found', `No customer ${customerId} (${field}).`);
  if (!CUSTOMER_ID.test(customerId)) throw missing;
  try {
    await clients.customers.getProfile({ customerId }, callOptions(res));
  } catch (error) {
    throw isAppError(error) && error.code === 'not_found' ? missing : error;
  }
}

/** A tenant named by a body field must exist in identity's directory (`404` naming the field). */
export async function requireTenant(
  clients: ServiceClients,
  res: Response,
  tenantId: string,
  field = 'tenantId',
): Promise<void> {
  try {
    await clients.tenants.getTenant({ actor: actorOf(res), id: tenantId }, callOptions(res));
  } catch (error) {
    throw isAppError(error) && error.code === 'not_found'
      ? new AppError('not_found', `No tenant ${tenantId} (${field}).`)
      : error;
  }
}
