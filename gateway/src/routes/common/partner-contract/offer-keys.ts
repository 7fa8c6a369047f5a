import { z } from 'zod';

// `GET /offer-keys`: the public keys of offer tokens as a JWKS (issue 32), so a partner checks a token's
// price and expiry offline (the format: docs/offer-tokens.md; the SDK's `verifyOfferToken`).

export const OfferJwk = z
  .strictObject({
    kty: z.literal('OKP'),
    crv: z.literal('Ed25519'),
    x: z.string().meta({ description: 'The public key (base64url).' }),
    kid: z.string().meta({
      description: "The key's RFC 7638 thumbprint, named by the `kid` claim of every offer token it signed.",
    }),
    alg: z.literal('EdDSA'),
    use: z.literal('sig'),
    active: z.boolean().meta({
      description:
        'True for the newest key: it signs new tokens, or will 5 minutes after it is first listed. The\n' +
        "others verify the tokens they signed before a rotation. Choose a token's key by its `kid`.\n",
    }),
  })
  .meta({ description: 'One Ed25519 public key of offer tokens, as a JSON Web Key (RFC 8037).' });

export const OfferKeySet = z.strictObject({ keys: z.array(OfferJwk).min(1) }).meta({
  description:
    'Every key a live offer token may name: the signing key (first, `active: true`) and, during a rotation,\n' +
    'the previous keys until their last token expired. Public keys only.\n',
});
