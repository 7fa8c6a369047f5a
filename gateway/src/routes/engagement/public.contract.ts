import { z } from 'zod';
import { emailAddress } from '../../http/email';
import { defineOperations } from '../../openapi/contract';
import { dataOf } from '../common/partner-contract/operations';
import { leadContact, leadMessage } from './leads.contract';
import { SubscriberBody } from './newsletters.contract';

// The public engagement routes' schemas (public.routes.ts validates with them); their words are in
// internal.texts.yaml.

export const subscribeBody = z.strictObject({ email: emailAddress() });
export const unsubscribeQuery = z.object({
  token: z.string().min(1).max(200).meta({ description: 'The token of the link in the email.' }),
});
export const demoRequestBody = z.strictObject({
  ...leadContact,
  phone: leadContact.phone.optional(),
  company: leadContact.company.optional(),
  message: leadMessage.optional(),
});
/** Meta's verification handshake; a missing field reads as empty, which the service refuses (`403`). */
export const whatsappHandshakeQuery = z.object({
  'hub.mode': z
    .string()
    .max(50)
    .default('')
    .meta({ examples: ['subscribe'] }),
  'hub.verify_token': z.string().max(500).default(''),
  'hub.challenge': z
    .string()
    .max(500)
    .default('')
    .meta({ examples: ['1158201444'] }),
});

// The webhook's body and signature reach the engagement service as received (it checks both): these two
// schemas document them, the route does not parse with them.
const whatsappSignature = z.object({ 'X-Hub-Signature-256': z.string().regex(/^sha256=[0-9a-f]{64}$/) });
const whatsappNotification = z.object({});

const DemoRequestReceipt = dataOf(
  z.strictObject({ id: z.string(), status: z.literal('received'), createdAt: z.iso.datetime() }),
);
const WhatsappReceipt = dataOf(
  z.strictObject({
    received: z.literal(true),
    stored: z.number().int().min(0),
    duplicates: z.number().int().min(0),
  }),
);

export const engagementPublicContract = {
  operations: defineOperations({
    subscribeToNewsletter: {
      method: 'post',
      path: '/newsletter/subscribe',
      body: subscribeBody,
      bodyRequired: true,
      responses: { '200': SubscriberBody, '201': SubscriberBody },
    },
    unsubscribeFromNewsletter: {
      method: 'get',
      path: '/newsletter/unsubscribe',
      query: unsubscribeQuery,
      responses: { '200': SubscriberBody },
    },
    unsubscribeOneClick: {
      method: 'post',
      path: '/newsletter/unsubscribe',
      query: unsubscribeQuery,
      responses: { '200': SubscriberBody },
    },
    requestDemo: {
      method: 'post',
      path: '/demo-requests',
      body: demoRequestBody,
      bodyRequired: true,
      responses: { '201': DemoRequestReceipt },
    },
    verifyWhatsappWebhook: {
      method: 'get',
      path: '/webhooks/whatsapp',
      query: whatsappHandshakeQuery,
      responses: { '200': { media: 'text/plain', schema: z.string() } },
    },
    receiveWhatsappWebhook: {
      method: 'post',
      path: '/webhooks/whatsapp',
      headers: whatsappSignature,
      body: whatsappNotification,
      bodyRequired: true,
      responses: { '200': WhatsappReceipt },
    },
  }),
  components: {},
};
