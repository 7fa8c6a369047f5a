import { AppError } from '@travel/errors';
import type { CustomerRepository } from '../../db/customer.repository';
import type { PasswordHasher } from '../passwords';
import { normalizeEmail } from '../staff/staff-fields';
import type { CustomerTokens } from './customer';
import type { CustomerSessions } from './customer-sessions';

export interface LoginCustomerInput {
  email: string;
  password: string;
  ip: string;
  userAgent: string;
}

/**
 * Storefront sign-in. An unknown email, a wrong password and a disabled account answer the same and take
 * about the same time (an unknown email is checked against a decoy hash at the same cost). A hash made with
 * older parameters is replaced at the current cost on a successful sign-in.
 */
export function createLoginCustomer(deps: {
  customers: CustomerRepository;
  customerSessions: CustomerSessions;
  passwords: PasswordHasher;
}) {
  const { customers, customerSessions, passwords } = deps;
  const decoy = passwords.hash('decoy-password-0');
  return async function loginCustomer(input: LoginCustomerInput): Promise<CustomerTokens> {
    const found = await customers.findCredentials(normalizeEmail(input.email));
    const password = await passwords.verify(input.password, found?.passwordHash ?? (await decoy));
    if (!found || !password.matches || !found.active)
      throw new AppError('unauthorized', 'Invalid email or password.');
    if (password.outdated) {
      const rehashed = await passwords.hash(input.password);
      await customers.replacePasswordHash(found.customer.id, found.passwordHash, rehashed);
    }
    return customerSessions.start(found.customer, input);
  };
}
