import { z } from 'zod';
import type { ServiceClients } from '../../clients/service-clients';
import { callOptions } from '../../http/calls';
import { emailAddress } from '../../http/email';
import { dataBody } from '../../http/envelope';
import { requestContextOf } from '../../http/request-context';
import type { RouteDefinition } from '../../http/route-table';
import { validate } from '../../http/validate';
import { presentLead, presentSubscriber } from './presenters';

const subscribeSchema = z.strictObject({ email: emailAddress() });
const unsubscribeQuery = z.object({ token: z.string().min(1).max(200) });
const demoSchema = z.strictObject({
  name: z.string().trim().min(1).max(200),
  email: emailAddress(),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{6,30}$/, 'must be a phone number')
    .optional(),
  company: z.string().trim().min(1).max(200).optional(),
  message: z.string().trim().min(1).max(5000).optional(),
});
const handshakeQuery = z.object({
  'hub.mode': z.string().max(50).default(''),
  'hub.verify_token': z.string().max(500).default(''),
  'hub.challenge': z.string().max(500).default(''),
});

/**
 * The storefront's intake (newsletter, demo requests: public, limited per client address in Redis), the
 * unsubscribe link of every newsletter email, and the WhatsApp Cloud API webhook.
 */
export function engagementPublicRoutes(deps: {
  clients: ServiceClients;
  publicIntakePerMinute: number;
}): RouteDefinition[] {
  const api = deps.clients.engagement;
  const limited = (name: string) => ({
    kind: 'public' as const,
    limit: { name, limit: deps.publicIntakePerMinute, windowSeconds: 60 },
  });
  const unsubscribe: RouteDefinition['handlers'][number] = async (req, res) => {
    const { token } = validate(unsubscribeQuery, req.query, 'query');
    const reply = await api.unsubscribe({ token }, callOptions(res));
    res.json(dataBody(presentSubscriber(reply.subscriber)));
  };
  return [
    {
      method: 'post',
      path: '/api/newsletter/subscribe',
      access: limited('newsletter-subscribe'),
      handlers: [
        async (req, res) => {
          const body = validate(subscribeSchema, req.body);
          const reply = await api.subscribe(body, callOptions(res));
          res.status(reply.created ? 201 : 200).json(dataBody(presentSubscriber(reply.subscriber)));
        },
      ],
    },
    // The link in each newsletter (GET, a click) and the one-click unsubscribe of mail clients (RFC 8058, POST).
    {
      method: 'get',
      path: '/api/newsletter/unsubscribe',
      access: { kind: 'public' },
      handlers: [unsubscribe],
    },
    {
      method: 'post',
      path: '/api/newsletter/unsubscribe',
      access: { kind: 'public' },
      handlers: [unsubscribe],
    },
    {
      method: 'post',
      path: '/api/demo-requests',
      access: limited('demo-requests'),
      handlers: [
        async (req, res) => {
          const body = validate(demoSchema, req.body);
          const reply = await api.createDemoRequest(body, callOptions(res));
          const lead = presentLead(reply.lead);
          res.status(201).json(dataBody({ id: lead.id, status: 'received', createdAt: lead.createdAt }));
        },
      ],
    },
    {
      method: 'get',
      path: '/api/webhooks/whatsapp',
      access: { kind: 'public' },
      handlers: [
        async (req, res) => {
          const query = validate(handshakeQuery, req.query, 'query');
          const reply = await api.verifyWhatsappSubscription(
            {
              mode: query['hub.mode'],
              verifyToken: query['hub.verify_token'],
              challenge: query['hub.challenge'],
            },
            callOptions(res),
          );
          res.type('text/plain').send(reply.challenge);
        },
      ],
    },
    {
      method: 'post',
      path: '/api/webhooks/whatsapp',
      access: { kind: 'public' },
      rawBody: true,
      handlers: [
        async (req, res) => {
          const reply = await api.receiveWhatsappWebhook(
            {
              rawBody: requestContextOf(res).rawBody ?? Buffer.alloc(0),
              signature: req.get('x-hub-signature-256') ?? '',
            },
            callOptions(res),
          );
          res.json(dataBody({ received: true, stored: reply.stored, duplicates: reply.duplicates }));
        },
      ],
    },
  ];
}
