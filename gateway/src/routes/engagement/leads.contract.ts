import { z } from 'zod';
import { emailAddress } from '../../http/email';
import { defineOperations } from '../../openapi/contract';
import { DeletedBody } from '../common/internal-components';
import { nonBlank } from '../common/params';
import { dataOf, pageOf, pageQuery } from '../common/partner-contract/operations';

// The lead and support query routes' schemas (leads.routes.ts validates with them); their words are in
// internal.texts.yaml.

const LEAD_STATUSES = ['new', 'contacted', 'won', 'lost'] as const;

/** A lead's contact, as staff record it and as a demo request (public.contract.ts) brings it. */
export const leadContact = {
  name: nonBlank(200),
  email: emailAddress(),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{6,30}$/, 'must be a phone number')
    .refine((phone) => phone.replace(/[^0-9]/g, '').length >= 6, { error: 'must have at least 6 digits' })
    .meta({
      description: 'At least 6 digits; spaces, ( ) and - may separate them, a + may lead.',
      'x-rule': 'at least 6 digits',
    }),
  company: nonBlank(200),
};
/** What the lead first wrote. */
export const leadMessage = nonBlank(5000);

export const createLeadBody = z.strictObject({
  ...leadContact,
  email: leadContact.email.optional(),
  phone: leadContact.phone.optional(),
  company: leadContact.company.optional(),
  message: leadMessage.optional(),
  tenantId: nonBlank(100)
    .meta({ description: "Platform only; absent is the platform's own lead." })
    .optional(),
});
// `minProperties` says in the document what the refinement checks.
export const updateLeadBody = z
  .strictObject({ ...leadContact, status: z.enum(LEAD_STATUSES) })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'must change at least one field')
  .meta({ minProperties: 1 });
export const listLeadsQuery = pageQuery.extend({
  status: z.enum(LEAD_STATUSES).optional(),
  tenantId: z
    .string()
    .min(1)
    .max(100)
    .meta({
      description: "Platform only (ignored for tenant staff); `platform` is the platform's own leads.",
    })
    .optional(),
});
const replyMessage = nonBlank(20_000);
export const replyToLeadBody = z.strictObject({
  // The engagement service writes `Re: your enquiry` when none is given.
  subject: nonBlank(200).meta({ default: 'Re: your enquiry' }).optional(),
  message: replyMessage,
});
export const createQueryBody = z.strictObject({
  subject: nonBlank(200),
  message: replyMessage,
});
export const replyToQueryBody = z.strictObject({ message: replyMessage });

export const EmailDelivery = z
  .strictObject({
    id: z.string(),
    status: z.enum(['pending', 'sent', 'failed']),
    attempts: z.number().int().min(0),
    lastError: z
      .string()
      .nullable()
      .meta({ description: "The SMTP server's or the connection's reason for the last failure." }),
    sentAt: z.iso.datetime().nullable(),
    nextAttemptAt: z.iso.datetime().nullable().meta({ description: 'Null once sent or given up.' }),
  })
  .nullable()
  .meta({ description: "An email in the service's outbox and how its delivery goes." });

export const Lead = z.strictObject({
  id: z.string(),
  tenantId: z
    .string()
    .nullable()
    .meta({ description: "Null for the platform's own leads (demo requests, WhatsApp)." }),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  message: z.string().nullable().meta({ description: 'What the lead first wrote.' }),
  source: z.enum(['demo_request', 'whatsapp', 'staff']),
  status: z.enum(LEAD_STATUSES),
  messages: z
    .array(
      z.strictObject({
        id: z.string().meta({ description: "WhatsApp's message id (`wamid…`) or `msg_…` for a reply." }),
        direction: z.enum(['inbound', 'outbound']),
        channel: z.enum(['whatsapp', 'email']),
        subject: z.string().nullable(),
        body: z.string(),
        at: z.iso.datetime(),
        authorUserId: z.string().nullable(),
        email: EmailDelivery,
      }),
    )
    .meta({ description: 'Oldest first; inbound WhatsApp messages and outbound email replies.' }),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

export const SupportQuery = z.strictObject({
  id: z.string(),
  tenantId: z.string(),
  askedBy: z.strictObject({ userId: z.string(), email: z.string() }),
  subject: z.string(),
  status: z.enum(['open', 'answered']),
  thread: z
    .array(
      z.strictObject({
        from: z.enum(['tenant', 'platform']),
        authorUserId: z.string(),
        body: z.string(),
        at: z.iso.datetime(),
        email: EmailDelivery,
      }),
    )
    .meta({ description: "The question first, then the platform's answers, oldest first." }),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

const LeadBody = dataOf(Lead);
const LeadList = pageOf(Lead);
const SupportQueryBody = dataOf(SupportQuery);
const SupportQueryList = pageOf(SupportQuery);
const leadIdParams = z.object({ id: z.string().meta({ examples: ['led_0mwtd0v7a3f1c2d4e5f6a7b8'] }) });
const queryIdParams = z.object({ id: z.string().meta({ examples: ['qry_0mwtd0v7a3f1c2d4e5f6a7b8'] }) });

export const leadsContract = {
  operations: defineOperations({
    listLeads: {
      method: 'get',
      path: '/admin/leads',
      query: listLeadsQuery,
      responses: { '200': LeadList },
    },
    createLead: {
      method: 'post',
      path: '/admin/leads',
      body: createLeadBody,
      bodyRequired: true,
      responses: { '201': LeadBody },
    },
    updateLead: {
      method: 'put',
      path: '/admin/leads/{id}',
      params: leadIdParams,
      body: updateLeadBody,
      bodyRequired: true,
      responses: { '200': LeadBody },
    },
    deleteLead: {
      method: 'delete',
      path: '/admin/leads/{id}',
      params: leadIdParams,
      responses: { '200': DeletedBody },
    },
    replyToLead: {
      method: 'post',
      path: '/admin/leads/{id}/reply',
      params: leadIdParams,
      body: replyToLeadBody,
      bodyRequired: true,
      responses: { '201': LeadBody },
    },
    createQuery: {
      method: 'post',
      path: '/admin/queries',
      body: createQueryBody,
      bodyRequired: true,
      responses: { '201': SupportQueryBody },
    },
    listMyQueries: {
      method: 'get',
      path: '/admin/queries/mine',
      query: pageQuery,
      responses: { '200': SupportQueryList },
    },
    replyToQuery: {
      method: 'post',
      path: '/admin/queries/{id}/reply',
      params: queryIdParams,
      body: replyToQueryBody,
      bodyRequired: true,
      responses: { '201': SupportQueryBody },
    },
  }),
  components: { EmailDelivery, Lead, SupportQuery },
  responses: { Lead: LeadBody, LeadList, SupportQuery: SupportQueryBody, SupportQueryList },
};
