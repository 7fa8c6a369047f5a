import type { customers as customerContracts } from '@travel/contracts';
import type { RequestContext, ServiceImplementation } from '@travel/grpc';
import { createCounters } from '@travel/mongo';
import type { Sealer } from '@travel/sealing';
import type { Connection } from 'mongoose';
import type { IdentityConfig } from '../config';
import { createCustomerRepository } from '../db/customer.repository';
import { createCustomerSessionRepository } from '../db/customer-session.repository';
import { createRefreshTokenRepository } from '../db/refresh-token.repository';
import { createAccessTokens } from '../domain/access-tokens/access-tokens';
import type { SigningKeyRing } from '../domain/access-tokens/signing-key-ring';
import { createAddTraveller } from '../domain/customers/add-traveller';
import { createCustomerSessions } from '../domain/customers/customer-sessions';
import { createLoginCustomer } from '../domain/customers/login-customer';
import { createLogoutCustomer } from '../domain/customers/logout-customer';
import { createRefreshCustomerSession } from '../domain/customers/refresh-customer-session';
import { createRegisterCustomer } from '../domain/customers/register-customer';
import { createUpdateProfile } from '../domain/customers/update-profile';
import type { IdentityChanges } from '../domain/identity-changes';
import type { PasswordHasher } from '../domain/passwords';
import { createCustomersGrpc } from '../grpc/customers.grpc';

/** Storefront customers: accounts, sessions (their own token audience), profile and travellers. */
export function wireCustomers(
  config: IdentityConfig,
  connection: Connection,
  shared: {
    changes: IdentityChanges;
    passwords: PasswordHasher;
    sealer: Sealer;
    signingKeys: SigningKeyRing;
    now: () => Date;
  },
): ServiceImplementation<typeof customerContracts.CustomerServiceDefinition, RequestContext> {
  const { changes, passwords, now } = shared;
  const counters = createCounters(connection);
  const customers = createCustomerRepository(connection, shared.sealer);
  const sessions = createCustomerSessionRepository(connection);
  const refreshTokens = createRefreshTokenRepository(connection, {
    keepMs: config.REFRESH_TOKEN_TTL_SECONDS * 1000,
  });
  const accessTokens = createAccessTokens({
    ring: shared.signingKeys,
    issuer: config.ACCESS_TOKEN_ISSUER,
    audience: config.CUSTOMER_TOKEN_AUDIENCE,
    ttlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
    now,
  });
  const customerSessions = createCustomerSessions({
    sessions,
    customers,
    refreshTokens,
    accessTokens,
    changes,
    now,
    sessionTtlSeconds: config.REFRESH_TOKEN_TTL_SECONDS,
  });
  return createCustomersGrpc({
    registerCustomer: createRegisterCustomer({
      customers,
      customerSessions,
      passwords,
      newCustomerId: async () => `cus_${await counters.next('customer')}`,
      now,
    }),
    loginCustomer: createLoginCustomer({ customers, customerSessions, passwords }),
    refreshCustomerSession: createRefreshCustomerSession({ refreshTokens, customerSessions, now }),
    logoutCustomer: createLogoutCustomer({ refreshTokens, sessions, customerSessions }),
    getCustomerTokenKeys: () => accessTokens.published(),
    findLiveSession: customerSessions.findLive,
    getProfile: (customerId) => customers.findById(customerId),
    updateProfile: createUpdateProfile({ customers, now }),
    listTravellers: (customerId) => customers.travellersOf(customerId),
    addTraveller: createAddTraveller({ customers, now }),
    deleteTraveller: (customerId, travellerId) => customers.deleteTraveller(customerId, travellerId, now()),
  });
}
