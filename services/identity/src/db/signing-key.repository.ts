import { isDuplicateKeyError, modelOn } from '@travel/mongo';
import { type ResealCount, resealEach, type Sealer, sealingContext } from '@travel/sealing';
import type { Connection } from 'mongoose';
import { type SigningKeyDocument, signingKeySchema } from './signing-key.schema';

export interface SigningKey {
  kid: string;
  /** In clear here only: sealed in the store. */
  privateKeyPem: string;
  /** Public JWK as JSON. */
  publicJwk: string;
  createdAt: Date;
  activatesAt: Date;
}

const INITIAL = 'initial';

export interface SigningKeyRepository {
  /** Every stored key, private keys opened. */
  all(): Promise<SigningKey[]>;
  /** Stores the candidate as the first key unless another replica did first. */
  claimFirst(candidate: SigningKey): Promise<void>;
  /** Stores a rotated key (its own kid is its claim). */
  add(key: SigningKey): Promise<void>;
  remove(kids: string[]): Promise<void>;
  /** Seals every private key again under the active sealing key; counts what it did. */
  reseal(): Promise<ResealCount>;
}

const contextOf = (kid: string) => sealingContext('signing-key', kid, 'privateKeyPem');

export function createSigningKeyRepository(connection: Connection, sealer: Sealer): SigningKeyRepository {
  const model = modelOn(connection, 'SigningKey', signingKeySchema);
  const insert = (slot: string, { kid, privateKeyPem, ...key }: SigningKey) =>
    model.create({ _id: kid, slot, ...key, privateKeyPem: sealer.seal(privateKeyPem, contextOf(kid)) });
  const stored = () => model.find().limit(100).lean<SigningKeyDocument[]>();
  return {
    async all() {
      return (await stored()).map((doc) => ({
        kid: doc._id,
        privateKeyPem: sealer.openStored(doc.privateKeyPem, contextOf(doc._id)),
        publicJwk: doc.publicJwk,
        createdAt: doc.createdAt,
        activatesAt: doc.activatesAt ?? doc.createdAt,
      }));
    },
    async claimFirst(candidate) {
      try {
        await insert(INITIAL, candidate);
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
    },
    async add(key) {
      await insert(key.kid, key);
    },
    async remove(kids) {
      if (kids.length > 0) await model.deleteMany({ _id: { $in: kids } });
    },
    async reseal() {
      return resealEach(await stored(), {
        isCurrent: (doc) => sealer.isCurrent(doc.privateKeyPem),
        reseal: (doc) => sealer.reseal(doc.privateKeyPem, contextOf(doc._id)),
        replace: async (doc, sealed) => {
          const filter = { _id: doc._id, privateKeyPem: doc.privateKeyPem };
          return (await model.updateOne(filter, { $set: { privateKeyPem: sealed } })).modifiedCount === 1;
        },
      });
    },
  };
}
