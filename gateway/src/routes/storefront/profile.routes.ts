import type { ServiceClients } from '../../clients/service-clients';
import { callerOf } from '../../http/caller';
import { callOptions } from '../../http/calls';
import { dataBody, listBody } from '../../http/envelope';
import type { RouteDefinition } from '../../http/route-table';
import { validate } from '../../http/validate';
import { stringParam } from '../common/params';
import { presentCustomer, presentTraveller } from './customer-presenters';
import { addTravellerBody, updateProfileBody } from './profile.contract';

/** The signed-in customer's profile and saved travellers (docs/access.md, "A customer call"). */
export function profileRoutes({ clients }: { clients: ServiceClients }): RouteDefinition[] {
  return [
    {
      method: 'get',
      path: '/api/profile',
      access: { kind: 'customer' },
      handlers: [
        async (_req, res) => {
          const reply = await clients.customers.getProfile({ caller: callerOf(res) }, callOptions(res));
          res.json(dataBody(presentCustomer(reply.customer)));
        },
      ],
    },
    {
      method: 'put',
      path: '/api/profile',
      access: { kind: 'customer' },
      handlers: [
        async (req, res) => {
          const { fullName, mobile } = validate(updateProfileBody, req.body);
          const reply = await clients.customers.updateProfile(
            { caller: callerOf(res), fullName, mobile: mobile === null ? '' : mobile },
            callOptions(res),
          );
          res.json(dataBody(presentCustomer(reply.customer)));
        },
      ],
    },
    {
      method: 'get',
      path: '/api/travellers',
      access: { kind: 'customer' },
      handlers: [
        async (_req, res) => {
          const reply = await clients.customers.listTravellers({ caller: callerOf(res) }, callOptions(res));
          // At most 20, so one page always holds them all.
          res.json(listBody(reply.travellers.map(presentTraveller)));
        },
      ],
    },
    {
      method: 'post',
      path: '/api/travellers',
      access: { kind: 'customer' },
      handlers: [
        async (req, res) => {
          const body = validate(addTravellerBody, req.body);
          const reply = await clients.customers.addTraveller(
            { caller: callerOf(res), ...body },
            callOptions(res),
          );
          res.status(201).json(dataBody(presentTraveller(reply.traveller)));
        },
      ],
    },
    {
      method: 'delete',
      path: '/api/travellers/:id',
      access: { kind: 'customer' },
      handlers: [
        async (req, res) => {
          const id = stringParam(req, 'id');
          await clients.customers.deleteTraveller({ caller: callerOf(res), id }, callOptions(res));
          res.json(dataBody({ id, deleted: true }));
        },
      ],
    },
  ];
}
