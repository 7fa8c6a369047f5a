import { z } from 'zod';
import { emailAddress } from '../../http/email';
import { defineOperations } from '../../openapi/contract';
import { DeletedBody } from '../common/internal-components';
import { nonBlank } from '../common/params';
import { dataOf, pageOf, pageQuery } from '../common/partner-contract/operations';

// The subscriber and newsletter routes' schemas (newsletters.routes.ts validates with them); their words are
// in internal.texts.yaml.

const SUBSCRIBER_STATUSES = ['subscribed', 'unsubscribed'] as const;
const subscriberStatus = z.enum(SUBSCRIBER_STATUSES);

export const createSubscriberBody = z.strictObject({ email: emailAddress() });
// `minProperties` says in the document what the refinement checks.
export const updateSubscriberBody = z
  .strictObject({ email: emailAddress(), status: subscriberStatus })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'must change email or status')
  .meta({ minProperties: 1 });
export const listSubscribersQuery = pageQuery.extend({ status: subscriberStatus.optional() });

const newsletterFields = {
  subject: nonBlank(200),
  html: z.string().min(1).max(200_000),
  text: z.string().min(1).max(200_000),
};
export const createNewsletterBody = z.strictObject({
  ...newsletterFields,
  text: newsletterFields.text.optional(),
});
export const updateNewsletterBody = z
  .strictObject(newsletterFields)
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'must change subject, html or text')
  .meta({ minProperties: 1 });

export const Subscriber = z.strictObject({
  id: z.string(),
  email: z.string().meta({ format: 'email' }),
  status: z.enum(SUBSCRIBER_STATUSES),
  source: z
    .enum(['public', 'staff'])
    .meta({ description: "`public`: the storefront's form; `staff`: added in the console." }),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

const count = (description?: string) =>
  z
    .number()
    .int()
    .min(0)
    .meta(description ? { description } : {});

export const Newsletter = z.strictObject({
  id: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z
    .string()
    .nullable()
    .meta({ description: 'The plain-text body as written; null when derived from the HTML.' }),
  status: z
    .enum(['draft', 'sending', 'sent'])
    .meta({ description: '`sending` from the send until every subscribed address has its email.' }),
  counts: z.strictObject({
    recipients: count('Emails made so far (one per subscribed address).'),
    sent: count(),
    failed: count('Failed at their last attempt (retried until the attempts run out).'),
    pending: count(),
  }),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  sendRequestedAt: z.iso.datetime().nullable(),
  sentAt: z.iso.datetime().nullable().meta({ description: 'When the last address got its email.' }),
});

/** The named response `Subscriber`: also what the public subscribe and unsubscribe routes answer. */
export const SubscriberBody = dataOf(Subscriber);
const SubscriberList = pageOf(Subscriber);
const NewsletterBody = dataOf(Newsletter);
const NewsletterList = pageOf(Newsletter);
const subscriberIdParams = z.object({ id: z.string().meta({ examples: ['sub_0mwtd0v7a3f1c2d4e5f6a7b8'] }) });
const newsletterIdParams = z.object({ id: z.string().meta({ examples: ['nws_0mwtd0v7a3f1c2d4e5f6a7b8'] }) });

export const newslettersContract = {
  operations: defineOperations({
    listSubscribers: {
      method: 'get',
      path: '/admin/subscribers',
      query: listSubscribersQuery,
      responses: { '200': SubscriberList },
    },
    createSubscriber: {
      method: 'post',
      path: '/admin/subscribers',
      body: createSubscriberBody,
      bodyRequired: true,
      responses: { '201': SubscriberBody },
    },
    updateSubscriber: {
      method: 'put',
      path: '/admin/subscribers/{id}',
      params: subscriberIdParams,
      body: updateSubscriberBody,
      bodyRequired: true,
      responses: { '200': SubscriberBody },
    },
    deleteSubscriber: {
      method: 'delete',
      path: '/admin/subscribers/{id}',
      params: subscriberIdParams,
      responses: { '200': DeletedBody },
    },
    listNewsletters: {
      method: 'get',
      path: '/admin/newsletters',
      query: pageQuery,
      responses: { '200': NewsletterList },
    },
    createNewsletter: {
      method: 'post',
      path: '/admin/newsletters',
      body: createNewsletterBody,
      bodyRequired: true,
      responses: { '201': NewsletterBody },
    },
    updateNewsletter: {
      method: 'put',
      path: '/admin/newsletters/{id}',
      params: newsletterIdParams,
      body: updateNewsletterBody,
      bodyRequired: true,
      responses: { '200': NewsletterBody },
    },
    deleteNewsletter: {
      method: 'delete',
      path: '/admin/newsletters/{id}',
      params: newsletterIdParams,
      responses: { '200': DeletedBody },
    },
    sendNewsletter: {
      method: 'post',
      path: '/admin/newsletters/{id}/send',
      params: newsletterIdParams,
      responses: { '200': NewsletterBody },
    },
  }),
  components: { Subscriber, Newsletter },
  responses: { Subscriber: SubscriberBody, SubscriberList, Newsletter: NewsletterBody, NewsletterList },
};
