import { Schema } from 'mongoose';

/** An Ed25519 key pair that signs access tokens: `_id` is the JWT `kid`. */
export interface SigningKeyDocument {
  _id: string;
  /** `current` for the key that signs; unique, so two replicas starting together agree on one key. */
  slot: string;
  /** PKCS8 PEM. Kept in identity's own database, which only identity can reach. */
  privateKeyPem: string;
  /** The public JWK as JSON, with `kid`, `alg` and `use`. */
  publicJwk: string;
  createdAt: Date;
}

export const signingKeySchema = new Schema<SigningKeyDocument>(
  {
    _id: { type: String, required: true },
    slot: { type: String, required: true },
    privateKeyPem: { type: String, required: true },
    publicJwk: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { collection: 'signing_keys', versionKey: false },
);
// Serves "the current signing key"; unique, so the first key is claimed by one insert.
signingKeySchema.index({ slot: 1 }, { unique: true });
