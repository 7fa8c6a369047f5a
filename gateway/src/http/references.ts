import { AppError, isAppError } from '@travel/errors';
import type { Response } from 'express';
import type { ServiceClients } from '../clients/service-clients';
import { callerOf } from './caller';
import { callOptions } from './calls';

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
  const missing = `No customer ${customerId} (${field}).`;
  if (!CUSTOMER_ID.test(customerId)) throw new AppError('not_found', missing);
  await namingField(
    missing,
    clients.customers.getProfile({ caller: callerOf(res), customerId }, callOptions(res)),
  );
}

/** A tenant named by a body field must exist in identity's directory (`404` naming the field). */
export async function requireTenant(
  clients: ServiceClients,
  res: Response,
  tenantId: string,
  field = 'tenantId',
): Promise<void> {
  await namingField(
    `No tenant ${tenantId} (${field}).`,
    clients.tenants.getTenant({ caller: callerOf(res), id: tenantId }, callOptions(res)),
  );
}

/** A supplier named by a body field must exist in supply's directory (`404` naming the field); answers it. */
export function requireSupplier(
  clients: ServiceClients,
  res: Response,
  supplierId: string,
  field = 'supplierId',
) {
  return namingField(
    `No supplier ${supplierId} (${field}).`,
    clients.supply.getSupplier({ id: supplierId }, callOptions(res)),
  );
}

/** The owner's `404` for a lookup, answered with `message` (which names the request's field). */
async function namingField<T>(message: string, lookup: Promise<T>): Promise<T> {
  try {
    return await lookup;
  } catch (error) {
    throw isAppError(error) && error.code === 'not_found' ? new AppError('not_found', message) : error;
  }
}
