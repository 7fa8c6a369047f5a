import { type ResealCount, resealEach } from '@travel/sealing';
import type { PaymentGatewayRepository } from '../db/payment-gateway.repository';
import type { CredentialsCipher } from '../domain/credentials-cipher';

/** Seals every gateway's credentials again under the active key (values of an older key, or of the first cipher). */
export async function resealCredentials({
  gateways,
  cipher,
}: {
  gateways: PaymentGatewayRepository;
  cipher: CredentialsCipher;
}): Promise<ResealCount> {
  return resealEach(await gateways.storedCredentials(), {
    isCurrent: ({ credentials }) => cipher.isCurrent(credentials),
    reseal: ({ id, credentials }) => cipher.seal(id, cipher.open(id, credentials)),
    replace: ({ id, credentials }, sealed) => gateways.replaceSealed(id, credentials, sealed),
  });
}
