import type { PaymentGatewayRepository } from '../db/payment-gateway.repository';
import type { CredentialsCipher } from '../domain/credentials-cipher';

/**
 * Seals every gateway's credentials again under the active key (values of an older key, or of the first
 * cipher). A value changed meanwhile by an administrator is left to that write, which sealed it already.
 */
export async function resealCredentials(deps: {
  gateways: PaymentGatewayRepository;
  cipher: CredentialsCipher;
}): Promise<{ resealed: number; current: number }> {
  let resealed = 0;
  let current = 0;
  for (const { id, credentials } of await deps.gateways.storedCredentials()) {
    if (deps.cipher.isCurrent(credentials)) {
      current++;
      continue;
    }
    const sealed = deps.cipher.seal(id, deps.cipher.open(id, credentials));
    if (await deps.gateways.replaceSealed(id, credentials, sealed)) resealed++;
  }
  return { resealed, current };
}
