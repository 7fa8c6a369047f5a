import { badRequest, type FieldProblem } from '@travel/errors';
import type { CustomerRepository } from '../../db/customer.repository';
import type { PasswordHasher } from '../passwords';
import { emailProblems, normalizeEmail, passwordProblems } from '../staff/staff-fields';
import type { CustomerTokens } from './customer';
import { fullNameProblems, mobileProblems } from './customer-fields';
import type { CustomerSessions } from './customer-sessions';

export interface RegisterCustomerDeps {
  customers: CustomerRepository;
  customerSessions: CustomerSessions;
  passwords: PasswordHasher;
  newCustomerId: () => Promise<string>;
  now: () => Date;
}

export interface RegisterCustomerInput {
  email: string;
  password: string;
  fullName: string;
  mobile?: string | undefined;
  ip: string;
  userAgent: string;
}

/** Creates a storefront account (email unique case-insensitively) and signs it in at once. */
export function createRegisterCustomer({
  customers,
  customerSessions,
  passwords,
  newCustomerId,
  now,
}: RegisterCustomerDeps) {
  return async function registerCustomer(input: RegisterCustomerInput): Promise<CustomerTokens> {
    const email = normalizeEmail(input.email);
    const problems: FieldProblem[] = [
      ...emailProblems(email),
      ...passwordProblems(input.password),
      ...fullNameProblems(input.fullName),
      ...mobileProblems(input.mobile),
    ];
    if (problems.length > 0) throw badRequest(problems);
    const customer = await customers.create({
      id: await newCustomerId(),
      email,
      fullName: input.fullName.trim(),
      mobile: input.mobile?.trim() || null,
      passwordHash: await passwords.hash(input.password),
      createdAt: now(),
    });
    return customerSessions.start(customer, input);
  };
}
