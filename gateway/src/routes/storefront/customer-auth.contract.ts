import { z } from 'zod';
import { emailAddress } from '../../http/email';
import { password } from '../../http/password';
import { defineOperations } from '../../openapi/contract';
import { RefreshTokenRequest } from '../common/internal-components';
import { dataOf } from '../common/partner-contract/operations';

// The customer sign-in routes' schemas (customer-auth.routes.ts validates with them); their words are in
// internal.texts.yaml. The gateway checks every rule the request decides (the email address, the password's
// length, letter and digit, the phone number's pattern), so one answer lists every failing field; identity
// checks them again.

/** 7 to 15 digits, an optional leading `+`, single spaces or dashes between digits. */
const MOBILE = /^\+?([0-9][ -]?){6,14}[0-9]$/;

export const Customer = z
  .strictObject({
    id: z.string().regex(/^cus_/),
    email: z.string().meta({ format: 'email', description: 'Lower-cased.' }),
    fullName: z.string(),
    mobile: z.string().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({
    examples: [
      {
        id: 'cus_7',
        email: 'asha@example.com',
        fullName: 'Asha Rao',
        mobile: '+91 98765 43210',
        createdAt: '2026-11-20T08:30:00.000Z',
        updatedAt: '2026-11-20T08:30:00.000Z',
      },
    ],
  });

export const CustomerTokens = z.strictObject({
  token: z.string().meta({
    description: 'Customer access token (JWT, audience `customer`); send as `Authorization: Bearer`.',
  }),
  refreshToken: z.string().meta({ description: 'Single use: `POST /auth/refresh` rotates it.' }),
  expiresIn: z.number().int().meta({ description: 'Seconds the access token lives (900 by default).' }),
  user: Customer,
});

/** `{ data: Customer }`: the named response `Customer` (also the profile's). */
export const CustomerBody = dataOf(Customer);
/** `{ data: CustomerTokens }`: the named response `CustomerSession`. */
const CustomerSessionBody = dataOf(CustomerTokens);

export const registerCustomerBody = z.strictObject({
  email: emailAddress(),
  password: password('8 to 200 characters, with at least one letter and one digit.'),
  fullName: z.string().min(1).max(200),
  mobile: z
    .string()
    .min(1)
    .max(30)
    .regex(MOBILE, 'must be 7 to 15 digits, optionally starting with +')
    .meta({
      description: '7 to 15 digits, optional leading +, single spaces or dashes between digits.',
    })
    .optional(),
});

export const customerLoginBody = z.strictObject({
  email: z.string().min(1).max(254),
  password: z.string().min(1).max(200),
});

export const customerAuthContract = {
  operations: defineOperations({
    registerCustomer: {
      method: 'post',
      path: '/auth/register',
      body: registerCustomerBody,
      bodyRequired: true,
      responses: { '201': CustomerSessionBody },
    },
    customerLogin: {
      method: 'post',
      path: '/auth/login',
      body: customerLoginBody,
      bodyRequired: true,
      responses: { '200': CustomerSessionBody },
    },
    customerRefresh: {
      method: 'post',
      path: '/auth/refresh',
      body: RefreshTokenRequest,
      bodyRequired: true,
      responses: { '200': CustomerSessionBody },
    },
    customerLogout: {
      method: 'post',
      path: '/auth/logout',
      body: RefreshTokenRequest,
      bodyRequired: true,
      responses: { '200': dataOf(z.strictObject({ loggedOut: z.literal(true) })) },
    },
    getCurrentCustomer: { method: 'get', path: '/auth/me', responses: { '200': CustomerBody } },
  }),
  components: { Customer, CustomerTokens },
  responses: { Customer: CustomerBody, CustomerSession: CustomerSessionBody },
};
