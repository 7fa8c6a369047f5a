import type { caller, customers } from '@travel/contracts';
import { AppError } from '@travel/errors';
import { type RequestContext, requireCallerOf, type ServiceImplementation } from '@travel/grpc';
import type { AccessTokens } from '../domain/access-tokens/access-tokens';
import type { createAddTraveller } from '../domain/customers/add-traveller';
import {
  type Customer,
  type CustomerTokens,
  maskPassport,
  type Traveller,
} from '../domain/customers/customer';
import type { CustomerSessions } from '../domain/customers/customer-sessions';
import type { createLoginCustomer } from '../domain/customers/login-customer';
import type { createLogoutCustomer } from '../domain/customers/logout-customer';
import type { createRefreshCustomerSession } from '../domain/customers/refresh-customer-session';
import type { createRegisterCustomer } from '../domain/customers/register-customer';
import type { createUpdateProfile } from '../domain/customers/update-profile';

export interface CustomerUseCases {
  registerCustomer: ReturnType<typeof createRegisterCustomer>;
  loginCustomer: ReturnType<typeof createLoginCustomer>;
  refreshCustomerSession: ReturnType<typeof createRefreshCustomerSession>;
  logoutCustomer: ReturnType<typeof createLogoutCustomer>;
  getCustomerTokenKeys: AccessTokens['published'];
  findLiveSession: CustomerSessions['findLive'];
  getProfile: (customerId: string) => Promise<Customer | null>;
  updateProfile: ReturnType<typeof createUpdateProfile>;
  listTravellers: (customerId: string) => Promise<Traveller[] | null>;
  addTraveller: ReturnType<typeof createAddTraveller>;
  deleteTraveller: (customerId: string, travellerId: string) => Promise<boolean>;
}

/** Thin handlers: decode, call one use case, encode. */
export function createCustomersGrpc(
  useCases: CustomerUseCases,
): ServiceImplementation<typeof customers.CustomerServiceDefinition, RequestContext> {
  return {
    async registerCustomer(request) {
      return { tokens: encodeTokens(await useCases.registerCustomer(request)) };
    },
    async loginCustomer(request) {
      return { tokens: encodeTokens(await useCases.loginCustomer(request)) };
    },
    async refreshCustomer(request) {
      return { tokens: encodeTokens(await useCases.refreshCustomerSession(request.refreshToken)) };
    },
    async logoutCustomer(request) {
      await useCases.logoutCustomer(request.refreshToken);
      return {};
    },
    async getCustomerTokenKeys() {
      return useCases.getCustomerTokenKeys();
    },
    async getCustomerSession({ sessionId }) {
      const live = await useCases.findLiveSession(sessionId);
      return live ? { active: true, customer: encodeCustomer(live.customer) } : { active: false };
    },
    async getProfile({ caller, customerId }) {
      return { customer: encodeCustomer(found(await useCases.getProfile(profileOwner(caller, customerId)))) };
    },
    async updateProfile({ caller, ...input }) {
      return { customer: encodeCustomer(await useCases.updateProfile(customerOf(caller), input)) };
    },
    async listTravellers({ caller }) {
      return { travellers: found(await useCases.listTravellers(customerOf(caller))).map(encodeTraveller) };
    },
    async addTraveller({ caller, ...input }) {
      return { traveller: encodeTraveller(await useCases.addTraveller(customerOf(caller), input)) };
    },
    async deleteTraveller({ caller, id }) {
      if (!(await useCases.deleteTraveller(customerOf(caller), id)))
        throw new AppError('not_found', 'You have no traveller with this id.');
      return {};
    },
  };
}

/** A customer's own records are reached by the signed-in customer only; no caller, or another kind: refused. */
function customerOf(wire: caller.Caller | undefined): string {
  return requireCallerOf(wire, 'customer').customerId;
}

/**
 * A profile: the customer's own, or, for platform staff (an offline booking, a wallet top-up), the customer they
 * name. Storefront customers are the platform's: tenant staff are refused.
 */
function profileOwner(wire: caller.Caller | undefined, named: string | undefined): string {
  const who = requireCallerOf(wire, 'customer', 'platform-staff');
  if (who.kind === 'customer') return who.customerId;
  if (!named) throw new AppError('not_found', 'No such customer.');
  return named;
}

function found<T>(value: T | null): T {
  if (value === null) throw new AppError('not_found', 'No such customer.');
  return value;
}

function encodeCustomer(customer: Customer): customers.Customer {
  return { ...customer, mobile: customer.mobile ?? undefined };
}

function encodeTokens(tokens: CustomerTokens): customers.CustomerTokens {
  return { ...tokens, customer: encodeCustomer(tokens.customer) };
}

function encodeTraveller({ passportNumber, dateOfBirth, ...traveller }: Traveller): customers.Traveller {
  return {
    ...traveller,
    dateOfBirth: dateOfBirth ?? undefined,
    passportNumberMasked: passportNumber ? maskPassport(passportNumber) : undefined,
  };
}
