import { AppError } from '@travel/errors';
import type { CustomerRepository } from '../db/customer.repository';
import type { CustomerTokens } from './customer';
import type { CustomerSessions } from './customer-sessions';
import { hashPassword, verifyPassword } from './passwords';
import { normalizeEmail } from './staff-fields';

export interface LoginCustomerInput {
  email: string;
  password: string;
  ip: string;
  userAgent: string;
}

/**
 * Storefront sign-in. An unknown email, a wrong password and a disabled account answer the same and take
 * about the same time (an unknown email is checked against a decoy hash).
 */
export function createLoginCustomer(deps: {
  customers: CustomerRepository;
  customerSessions: CustomerSessions;
}) {
  const { customers, customerSessions } = deps;
  const decoy = hashPassword('decoy-password-0');
  return async function loginCustomer(input: LoginCustomerInput): Promise<CustomerTokens> {
    const found = await customers.findCredentials(normalizeEmail(input.email));
    const passwordMatches = await verifyPassword(input.password, found?.passwordHash ?? (await decoy));
    if (!found || !passwordMatches || !found.active)
      throw new AppError('unauthorized', 'Invalid email or password.');
    return customerSessions.start(found.customer, input);
  };
}
