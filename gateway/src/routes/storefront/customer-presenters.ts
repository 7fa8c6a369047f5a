import type { customers } from '@travel/contracts';
import { iso } from '../common/iso';

// Proto messages → the storefront's JSON shapes (internal.yaml). Absent optionals become null.

export function presentCustomer(customer: customers.Customer | undefined) {
  if (!customer) throw new Error('identity answered no customer');
  return {
    id: customer.id,
    email: customer.email,
    fullName: customer.fullName,
    mobile: customer.mobile ?? null,
    createdAt: iso(customer.createdAt),
    updatedAt: iso(customer.updatedAt),
  };
}

/** `token`, `refreshToken`, `expiresIn` (seconds) and `user` (gateway/openapi/internal.yaml). */
export function presentCustomerTokens(tokens: customers.CustomerTokens | undefined) {
  if (!tokens) throw new Error('identity answered no tokens');
  return {
    token: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    expiresIn: tokens.expiresIn,
    user: presentCustomer(tokens.customer),
  };
}

export function presentTraveller(traveller: customers.Traveller | undefined) {
  if (!traveller) throw new Error('identity answered no traveller');
  return {
    id: traveller.id,
    firstName: traveller.firstName,
    lastName: traveller.lastName,
    dateOfBirth: traveller.dateOfBirth ?? null,
    passportNumber: traveller.passportNumberMasked ?? null,
    createdAt: iso(traveller.createdAt),
  };
}
