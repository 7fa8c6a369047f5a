import type { ServiceClients } from '../../clients/service-clients';
import { callerOf } from '../../http/caller';
import { callOptions } from '../../http/calls';
import { dataBody, listBody } from '../../http/envelope';
import type { RouteAccess, RouteDefinition } from '../../http/route-table';
import { validate } from '../../http/validate';
import { stringParam } from '../common/params';
import { pageQuery } from '../common/partner-contract/operations';
import { PUBLIC_CACHE } from './blogs.routes';
import { createHeroSlideBody, updateHeroSlideBody } from './hero-slides.contract';
import { presentSlide } from './presenters';

const editors: RouteAccess = { kind: 'staff', platformOnly: true, right: 'hero-carousel' };

/** Hero slides of the storefront: platform editors (right `hero-carousel`), readers see the active ones. */
export function heroSlideRoutes({ clients }: { clients: ServiceClients }): RouteDefinition[] {
  const api = clients.content;
  return [
    {
      method: 'get',
      path: '/api/hero-slides',
      access: { kind: 'public' },
      handlers: [
        async (req, res) => {
          const query = validate(pageQuery, req.query, 'query');
          const reply = await api.listHeroSlides({ activeOnly: true, ...query }, callOptions(res));
          res.set('Cache-Control', PUBLIC_CACHE);
          res.json(listBody(reply.slides.map(presentSlide), reply.nextCursor ?? null));
        },
      ],
    },
    {
      method: 'get',
      path: '/api/hero-slides/admin',
      access: editors,
      handlers: [
        async (req, res) => {
          const query = validate(pageQuery, req.query, 'query');
          const reply = await api.listHeroSlides(
            { caller: callerOf(res), activeOnly: false, ...query },
            callOptions(res),
          );
          res.json(listBody(reply.slides.map(presentSlide), reply.nextCursor ?? null));
        },
      ],
    },
    {
      method: 'post',
      path: '/api/hero-slides/admin',
      access: editors,
      handlers: [
        async (req, res) => {
          const body = validate(createHeroSlideBody, req.body);
          const reply = await api.createHeroSlide(
            { caller: callerOf(res), ...body, linkUrl: body.linkUrl ?? undefined },
            callOptions(res),
          );
          const slide = presentSlide(reply.slide);
          res.status(201).json(dataBody(slide));
        },
      ],
    },
    {
      method: 'put',
      path: '/api/hero-slides/admin/:id',
      access: editors,
      handlers: [
        async (req, res) => {
          const body = validate(updateHeroSlideBody, req.body);
          const id = stringParam(req, 'id');
          const reply = await api.updateHeroSlide(
            {
              caller: callerOf(res),
              id,
              ...body,
              linkUrl: body.linkUrl ?? undefined,
              clearLinkUrl: body.linkUrl === null,
            },
            callOptions(res),
          );
          res.json(dataBody(presentSlide(reply.slide)));
        },
      ],
    },
    {
      method: 'delete',
      path: '/api/hero-slides/admin/:id',
      access: editors,
      handlers: [
        async (req, res) => {
          const id = stringParam(req, 'id');
          await api.deleteHeroSlide({ caller: callerOf(res), id }, callOptions(res));
          res.json(dataBody({ id, deleted: true }));
        },
      ],
    },
  ];
}
