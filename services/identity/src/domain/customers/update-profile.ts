import { AppError, badRequest } from '@travel/errors';
import type { CustomerChanges, CustomerRepository } from '../../db/customer.repository';
import type { Customer } from './customer';
import { fullNameProblems, mobileProblems } from './customer-fields';

export interface UpdateProfileInput {
  fullName?: string | undefined;
  /** Empty string: remove the number. */
  mobile?: string | undefined;
}

/** A customer changes their own name or mobile number (the email is the sign-in and stays). */
export function createUpdateProfile({ customers, now }: { customers: CustomerRepository; now: () => Date }) {
  return async function updateProfile(customerId: string, input: UpdateProfileInput): Promise<Customer> {
    const problems = [
      ...fullNameProblems(input.fullName),
      ...(input.mobile ? mobileProblems(input.mobile) : []),
    ];
    if (problems.length > 0) throw badRequest(problems);
    const changes: CustomerChanges = {};
    if (input.fullName !== undefined) changes.fullName = input.fullName.trim();
    if (input.mobile !== undefined) changes.mobile = input.mobile.trim() || null;
    const updated =
      Object.keys(changes).length === 0
        ? await customers.findById(customerId)
        : await customers.update(customerId, changes, now());
    if (!updated) throw new AppError('not_found', 'No such customer.');
    return updated;
  };
}
