import type { caller, engagement } from '@travel/contracts';
import { type RequestContext, requireCallerOf, requireRight, type ServiceImplementation } from '@travel/grpc';
import type { LeadUseCases } from '../domain/leads/lead-use-cases';
import type { NewsletterUseCases, NewsletterView } from '../domain/newsletters/newsletter-use-cases';
import type { createNotifyTenantStaff } from '../domain/notify-tenant-staff';
import type { QueryUseCases } from '../domain/queries/query-use-cases';
import type { EmailRecord, Lead, Staff, Subscriber, SupportQuery } from '../domain/records';
import type { SubscriberUseCases } from '../domain/subscribers/subscriber-use-cases';
import type { createWhatsappUseCases } from '../domain/whatsapp/whatsapp-use-cases';

export interface EngagementUseCases {
  subscribers: SubscriberUseCases;
  newsletters: NewsletterUseCases;
  leads: LeadUseCases;
  queries: QueryUseCases;
  whatsapp: ReturnType<typeof createWhatsappUseCases>;
  notifyTenantStaff: ReturnType<typeof createNotifyTenantStaff>;
  /** The outbox records of emails named by leads' and queries' messages. */
  emailsByIds(ids: string[]): Promise<EmailRecord[]>;
}

type Deliveries = Map<string, EmailRecord>;

/**
 * Thin handlers: resolve the caller (none: refused), decode, call one use case (a change is stored with its
 * audit entry, as the caller made it), encode. Subscribers and newsletters are the platform's (right `newsletters`); leads and
 * queries any staff member's, scoped to the caller's tenant by the use cases.
 */
export function createEngagementGrpc(
  useCases: EngagementUseCases,
): ServiceImplementation<typeof engagement.EngagementServiceDefinition, RequestContext> {
  const { subscribers, newsletters, leads, queries, whatsapp } = useCases;
  const deliveriesOf = async (emailIds: (string | null)[]): Promise<Deliveries> => {
    const ids = emailIds.filter((id): id is string => id !== null);
    return new Map((await useCases.emailsByIds(ids)).map((email) => [email.id, email]));
  };
  const leadsOut = async (rows: Lead[]) => {
    const deliveries = await deliveriesOf(rows.flatMap((lead) => lead.messages.map((m) => m.emailId)));
    return rows.map((lead) => encodeLead(lead, deliveries));
  };
  const queriesOut = async (rows: SupportQuery[]) => {
    const deliveries = await deliveriesOf(rows.flatMap((query) => query.thread.map((m) => m.emailId)));
    return rows.map((query) => encodeQuery(query, deliveries));
  };
  const oneLead = async (lead: Lead) => ({ lead: (await leadsOut([lead]))[0] });
  const oneQuery = async (query: SupportQuery) => ({ query: (await queriesOut([query]))[0] });
  return {
    async listSubscribers(request) {
      marketerOf(request.caller);
      const { items, nextCursor } = await subscribers.list(request);
      return { subscribers: items.map(encodeSubscriber), nextCursor };
    },
    createSubscriber: async (request) => ({
      subscriber: encodeSubscriber(
        await subscribers.create({ ...request, actor: marketerOf(request.caller) }),
      ),
    }),
    updateSubscriber: async (request) => ({
      subscriber: encodeSubscriber(
        await subscribers.update({ ...request, actor: marketerOf(request.caller) }),
      ),
    }),
    deleteSubscriber: async (request) => ({
      id: await subscribers.remove({ actor: marketerOf(request.caller), id: request.id }),
    }),
    async subscribe(request) {
      const { subscriber, created } = await subscribers.subscribe(request);
      return { subscriber: encodeSubscriber(subscriber), created };
    },
    unsubscribe: async (request) => ({
      subscriber: encodeSubscriber(await subscribers.unsubscribe(request)),
    }),

    async listNewsletters(request) {
      marketerOf(request.caller);
      const { items, nextCursor } = await newsletters.list(request);
      return { newsletters: items.map(encodeNewsletter), nextCursor };
    },
    createNewsletter: async (request) => ({
      newsletter: encodeNewsletter(
        await newsletters.create({ ...request, actor: marketerOf(request.caller) }),
      ),
    }),
    updateNewsletter: async (request) => ({
      newsletter: encodeNewsletter(
        await newsletters.update({ ...request, actor: marketerOf(request.caller) }),
      ),
    }),
    deleteNewsletter: async (request) => ({
      id: await newsletters.remove({ actor: marketerOf(request.caller), id: request.id }),
    }),
    sendNewsletter: async (request) => ({
      newsletter: encodeNewsletter(
        await newsletters.send({ actor: marketerOf(request.caller), id: request.id }),
      ),
    }),

    async listLeads(request) {
      const { items, nextCursor } = await leads.list({ ...request, actor: staffOf(request.caller) });
      return { leads: await leadsOut(items), nextCursor };
    },
    createLead: async (request) =>
      oneLead(await leads.create({ ...request, actor: staffOf(request.caller) })),
    updateLead: async (request) =>
      oneLead(await leads.update({ ...request, actor: staffOf(request.caller) })),
    deleteLead: async (request) => ({
      id: await leads.remove({ actor: staffOf(request.caller), id: request.id }),
    }),
    replyToLead: async (request) =>
      oneLead(await leads.reply({ ...request, actor: staffOf(request.caller) })),
    createDemoRequest: async (request) => oneLead(await leads.createDemoRequest(request)),

    createQuery: async (request) =>
      oneQuery(await queries.create({ ...request, actor: staffOf(request.caller) })),
    async listQueries(request) {
      const { items, nextCursor } = await queries.list({ ...request, actor: staffOf(request.caller) });
      return { queries: await queriesOut(items), nextCursor };
    },
    replyToQuery: async (request) =>
      oneQuery(await queries.reply({ ...request, actor: staffOf(request.caller) })),

    verifyWhatsappSubscription: async (request) => ({ challenge: whatsapp.verifySubscription(request) }),
    receiveWhatsappWebhook: async (request, { logger }) => whatsapp.receive(request, logger),
    async notifyTenantStaff({ caller, ...notice }, { requestId }) {
      const job = requireCallerOf(caller, 'internal-job');
      return { recipients: await useCases.notifyTenantStaff(notice, job.audit.requestId || requestId) };
    },
  };
}

/** A staff member of the platform or a tenant; anyone else, or no caller at all, is refused (fail closed). */
function staffOf(wire: caller.Caller | undefined): Staff {
  return requireCallerOf(wire, 'platform-staff', 'tenant-staff');
}

/** Subscribers and newsletters: platform staff holding `newsletters`, as the gateway's route requires. */
function marketerOf(wire: caller.Caller | undefined): Staff {
  const staff = requireCallerOf(wire, 'platform-staff');
  requireRight(staff, 'newsletters');
  return staff;
}

function encodeSubscriber(subscriber: Subscriber): engagement.Subscriber {
  const { id, email, status, source, createdAt, updatedAt } = subscriber;
  return { id, email, status, source, createdAt, updatedAt };
}

function encodeNewsletter({ newsletter, counts }: NewsletterView): engagement.Newsletter {
  return {
    id: newsletter.id,
    subject: newsletter.subject,
    html: newsletter.html,
    text: newsletter.text ?? undefined,
    status: newsletter.status,
    counts,
    createdAt: newsletter.createdAt,
    updatedAt: newsletter.updatedAt,
    sendRequestedAt: newsletter.sendRequestedAt ?? undefined,
    sentAt: newsletter.sentAt ?? undefined,
  };
}

function encodeDelivery(
  emailId: string | null,
  deliveries: Deliveries,
): engagement.EmailDelivery | undefined {
  const email = emailId === null ? undefined : deliveries.get(emailId);
  if (!email) return undefined;
  return {
    id: email.id,
    status: email.status,
    attempts: email.attempts,
    lastError: email.lastError ?? undefined,
    sentAt: email.sentAt ?? undefined,
    nextAttemptAt: email.status === 'sent' ? undefined : (email.dueAt ?? undefined),
  };
}

function encodeLead(lead: Lead, deliveries: Deliveries): engagement.Lead {
  return {
    id: lead.id,
    tenantId: lead.tenantId ?? undefined,
    name: lead.name,
    email: lead.email ?? undefined,
    phone: lead.phone ?? undefined,
    company: lead.company ?? undefined,
    message: lead.message ?? undefined,
    source: lead.source,
    status: lead.status,
    messages: lead.messages.map((message) => ({
      id: message.id,
      direction: message.direction,
      channel: message.channel,
      subject: message.subject ?? undefined,
      body: message.body,
      at: message.at,
      authorUserId: message.authorUserId ?? undefined,
      email: encodeDelivery(message.emailId, deliveries),
    })),
    createdAt: lead.createdAt,
    updatedAt: lead.updatedAt,
  };
}

function encodeQuery(query: SupportQuery, deliveries: Deliveries): engagement.Query {
  return {
    id: query.id,
    tenantId: query.tenantId,
    askedByUserId: query.askedByUserId,
    askedByEmail: query.askedByEmail,
    subject: query.subject,
    status: query.status,
    thread: query.thread.map((message) => ({
      from: message.from,
      authorUserId: message.authorUserId,
      body: message.body,
      at: message.at,
      email: encodeDelivery(message.emailId, deliveries),
    })),
    createdAt: query.createdAt,
    updatedAt: query.updatedAt,
  };
}
