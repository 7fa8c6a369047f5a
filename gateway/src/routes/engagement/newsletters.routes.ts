import type { ServiceClients } from '../../clients/service-clients';
import { callerOf } from '../../http/caller';
import { callOptions } from '../../http/calls';
import { dataBody, listBody } from '../../http/envelope';
import type { RouteAccess, RouteDefinition } from '../../http/route-table';
import { validate } from '../../http/validate';
import { stringParam } from '../common/params';
import { pageQuery } from '../common/partner-contract/operations';
import {
  createNewsletterBody,
  createSubscriberBody,
  listSubscribersQuery,
  updateNewsletterBody,
  updateSubscriberBody,
} from './newsletters.contract';
import { presentNewsletter, presentSubscriber } from './presenters';

/** Subscribers and newsletters are the platform's, right `newsletters` (docs/decisions/engagement.md). */
const marketing: RouteAccess = { kind: 'staff', platformOnly: true, right: 'newsletters' };

/** Subscribers and newsletters (platform only, right `newsletters`); every change is audited. */
export function newsletterRoutes({ clients }: { clients: ServiceClients }): RouteDefinition[] {
  const api = clients.engagement;
  return [
    {
      method: 'get',
      path: '/api/admin/subscribers',
      access: marketing,
      handlers: [
        async (req, res) => {
          const { limit, cursor, status } = validate(listSubscribersQuery, req.query, 'query');
          const reply = await api.listSubscribers(
            { caller: callerOf(res), page: { limit, cursor }, status },
            callOptions(res),
          );
          res.json(listBody(reply.subscribers.map(presentSubscriber), reply.nextCursor ?? null));
        },
      ],
    },
    {
      method: 'post',
      path: '/api/admin/subscribers',
      access: marketing,
      handlers: [
        async (req, res) => {
          const body = validate(createSubscriberBody, req.body);
          const reply = await api.createSubscriber({ caller: callerOf(res), ...body }, callOptions(res));
          res.status(201).json(dataBody(presentSubscriber(reply.subscriber)));
        },
      ],
    },
    {
      method: 'put',
      path: '/api/admin/subscribers/:id',
      access: marketing,
      handlers: [
        async (req, res) => {
          const body = validate(updateSubscriberBody, req.body);
          const id = stringParam(req, 'id');
          const reply = await api.updateSubscriber({ caller: callerOf(res), id, ...body }, callOptions(res));
          res.json(dataBody(presentSubscriber(reply.subscriber)));
        },
      ],
    },
    {
      method: 'delete',
      path: '/api/admin/subscribers/:id',
      access: marketing,
      handlers: [
        async (req, res) => {
          const id = stringParam(req, 'id');
          await api.deleteSubscriber({ caller: callerOf(res), id }, callOptions(res));
          res.json(dataBody({ id, deleted: true }));
        },
      ],
    },
    {
      method: 'get',
      path: '/api/admin/newsletters',
      access: marketing,
      handlers: [
        async (req, res) => {
          const { limit, cursor } = validate(pageQuery, req.query, 'query');
          const reply = await api.listNewsletters(
            { caller: callerOf(res), page: { limit, cursor } },
            callOptions(res),
          );
          res.json(listBody(reply.newsletters.map(presentNewsletter), reply.nextCursor ?? null));
        },
      ],
    },
    {
      method: 'post',
      path: '/api/admin/newsletters',
      access: marketing,
      handlers: [
        async (req, res) => {
          const body = validate(createNewsletterBody, req.body);
          const reply = await api.createNewsletter({ caller: callerOf(res), ...body }, callOptions(res));
          res.status(201).json(dataBody(presentNewsletter(reply.newsletter)));
        },
      ],
    },
    {
      method: 'put',
      path: '/api/admin/newsletters/:id',
      access: marketing,
      handlers: [
        async (req, res) => {
          const body = validate(updateNewsletterBody, req.body);
          const id = stringParam(req, 'id');
          const reply = await api.updateNewsletter({ caller: callerOf(res), id, ...body }, callOptions(res));
          res.json(dataBody(presentNewsletter(reply.newsletter)));
        },
      ],
    },
    {
      method: 'delete',
      path: '/api/admin/newsletters/:id',
      access: marketing,
      handlers: [
        async (req, res) => {
          const id = stringParam(req, 'id');
          await api.deleteNewsletter({ caller: callerOf(res), id }, callOptions(res));
          res.json(dataBody({ id, deleted: true }));
        },
      ],
    },
    {
      method: 'post',
      path: '/api/admin/newsletters/:id/send',
      access: marketing,
      handlers: [
        async (req, res) => {
          const id = stringParam(req, 'id');
          const reply = await api.sendNewsletter({ caller: callerOf(res), id }, callOptions(res));
          res.json(dataBody(presentNewsletter(reply.newsletter)));
        },
      ],
    },
  ];
}
