import type { ServiceClients } from '../../clients/service-clients';
import { callOptions } from '../../http/calls';
import { dataBody } from '../../http/envelope';
import { requestContextOf } from '../../http/request-context';
import type { RouteDefinition } from '../../http/route-table';
import { validate } from '../../http/validate';
import { presentLead, presentSubscriber } from './presenters';
import { demoRequestBody, subscribeBody, unsubscribeQuery, whatsappHandshakeQuery } from './public.contract';

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
          const body = validate(subscribeBody, req.body);
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
          const body = validate(demoRequestBody, req.body);
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
          const query = validate(whatsappHandshakeQuery, req.query, 'query');
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
