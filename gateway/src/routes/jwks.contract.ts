import { z } from 'zod';
import { defineOperations } from '../openapi/contract';

// The public keys of identity's access tokens (jwks.routes.ts); their words are in internal.texts.yaml.

export const SigningJwk = z
  .strictObject({
    kty: z.literal('OKP'),
    crv: z.literal('Ed25519'),
    x: z.string().meta({ description: 'The public key (base64url).' }),
    kid: z.string().meta({ description: 'Named in the `kid` header of every token this key signed.' }),
    alg: z.literal('EdDSA'),
    use: z.literal('sig'),
  })
  .meta({ description: 'One Ed25519 public key of identity, as a JSON Web Key (RFC 8037).' });

export const JsonWebKeySet = z.strictObject({ keys: z.array(SigningJwk) }).meta({
  description:
    'Every key a live access token may name: a rotated key before it signs, the signing key, and replaced keys until their last token expired.',
  examples: [
    {
      keys: [
        {
          kty: 'OKP',
          crv: 'Ed25519',
          x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo',
          kid: 'kid_8fYqL2mTzv0aB3cD',
          alg: 'EdDSA',
          use: 'sig',
        },
      ],
    },
  ],
});

export const jwksContract = {
  operations: defineOperations({
    getJsonWebKeySet: {
      method: 'get',
      path: '/.well-known/jwks.json',
      responses: { '200': JsonWebKeySet },
    },
  }),
  components: { SigningJwk, JsonWebKeySet },
};
