import { isDuplicateKeyError, modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import { type SigningKeyDocument, signingKeySchema } from './signing-key.schema';

export interface SigningKey {
  kid: string;
  privateKeyPem: string;
  /** Public JWK as JSON. */
  publicJwk: string;
  createdAt: Date;
}

const CURRENT = 'current';

export interface SigningKeyRepository {
  current(): Promise<SigningKey | null>;
  /** Stores the candidate as the current key unless another replica did first; answers the winner. */
  claimCurrent(candidate: SigningKey): Promise<SigningKey>;
}

export function createSigningKeyRepository(connection: Connection): SigningKeyRepository {
  const model = modelOn(connection, 'SigningKey', signingKeySchema);
  const current = async () => {
    const doc = await model.findOne({ slot: CURRENT }).lean<SigningKeyDocument>();
    return doc ? toKey(doc) : null;
  };
  return {
    current,
    async claimCurrent({ kid, ...candidate }) {
      try {
        await model.create({ _id: kid, slot: CURRENT, ...candidate });
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
      const winner = await current();
      if (!winner) throw new Error('signing key missing right after it was claimed');
      return winner;
    },
  };
}

function toKey(doc: SigningKeyDocument): SigningKey {
  return {
    kid: doc._id,
    privateKeyPem: doc.privateKeyPem,
    publicJwk: doc.publicJwk,
    createdAt: doc.createdAt,
  };
}
