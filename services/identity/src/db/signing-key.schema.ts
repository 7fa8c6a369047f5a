import { Schema } from 'mongoose';

/** An Ed25519 key pair that signs access tokens: `_id` is the JWT `kid`. */
export interface SigningKeyDocument {
  _id: string;
  /**
   * A unique claim: `initial` for the key made at the very first start (two replicas starting together agree
   * on one), the kid itself for a rotated key. `current` on the one key of a database from before rotation.
   */
  slot: string;
  /** PKCS8 PEM, sealed (`signing-key:<kid>:privateKeyPem`); in clear in a database from before sealing until re-sealed. */
  privateKeyPem: string;
  /** The public JWK as JSON, with `kid`, `alg` and `use`. */
  publicJwk: string;
  createdAt: Date;
  /** From when it signs (published before, so every verifier knows it first); absent before rotation: createdAt. */
  activatesAt?: Date;
}

export const signingKeySchema = new Schema<SigningKeyDocument>(
  {
    _id: { type: String, required: true },
    slot: { type: String, required: true },
    privateKeyPem: { type: String, required: true },
    publicJwk: { type: String, required: true },
    createdAt: { type: Date, required: true },
    activatesAt: { type: Date },
  },
  { collection: 'signing_keys', versionKey: false },
);
// Unique, so the first key is claimed by one insert; the whole (small) collection is read without a filter.
signingKeySchema.index({ slot: 1 }, { unique: true });
