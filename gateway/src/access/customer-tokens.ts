import type { customers } from '@travel/contracts';
import type { ServiceClient } from '@travel/grpc';
import { createAccessTokenVerifier, type StaffTokenVerifier } from './staff-tokens';

/** Token claims are the same shape for both kinds: `sub` (here the customer id) and `sid`. */
export type CustomerTokenVerifier = StaffTokenVerifier;

/** Checks customer access tokens (`aud` customer) locally with identity's public keys. */
export function createCustomerTokenVerifier(
  client: ServiceClient<typeof customers.CustomerServiceDefinition>,
  now: () => Date,
  /** ACCESS_LOOKUP_DEADLINE_MS, as for staff tokens. */
  deadlineMs: number,
): CustomerTokenVerifier {
  return createAccessTokenVerifier(() => client.getCustomerTokenKeys({}, { deadline: deadlineMs }), now);
}
