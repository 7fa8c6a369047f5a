import { z } from 'zod';
import type { ServiceClients } from '../../clients/service-clients';
import { callOptions } from '../../http/calls';
import { dataBody, listBody } from '../../http/envelope';
import { httpUrl } from '../../http/http-url';
import { recordAudit } from '../../http/record-audit';
import { staffOf } from '../../http/request-context';
import type { RouteAccess, RouteDefinition } from '../../http/route-table';
import { validate } from '../../http/validate';
import { stringParam } from '../admin/params';
import { listBookingsQuery as pageQuery } from '../partner/booking-requests';
import { PUBLIC_CACHE } from './blogs.routes';
import { presentSlide } from './presenters';

const editors: RouteAccess = { kind: 'staff', platformOnly: true, right: 'hero-carousel' };

const fields = {
  title: z.string().trim().min(1).max(200),
  imageUrl: httpUrl(),
  /** A full http(s) URL or a storefront path such as `/offers`. */
  linkUrl: z.union([httpUrl(), z.string().regex(/^\/[^/].{0,1999}$/, 'must be a URL or a path')]).nullable(),
  position: z.number().int().min(0).max(10_000),
  active: z.boolean(),
};
const createSchema = z.strictObject({
  ...fields,
  linkUrl: fields.linkUrl.optional(),
  position: fields.position.default(0),
  active: fields.active.default(true),
});
const updateSchema = z.strictObject(fields).partial();

/** Hero slides of the storefront: platform editors (right `hero-carousel`), readers see the active ones. */
export function heroSlideRoutes({ clients }: { clients: ServiceClients }): RouteDefinition[] {
  const api = clients.content;
  const audited = (action: string, id: string, details: object = {}) => ({
    action: `hero_slide.${action}`,
    targetType: 'hero_slide',
    targetId: id,
    details,
  });
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
          const reply = await api.listHeroSlides({ activeOnly: false, ...query }, callOptions(res));
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
          const body = validate(createSchema, req.body);
          const reply = await api.createHeroSlide(
            { actorUserId: staffOf(res).userId, ...body, linkUrl: body.linkUrl ?? undefined },
            callOptions(res),
          );
          const slide = presentSlide(reply.slide);
          await recordAudit(clients, res, audited('created', slide.id, { title: slide.title }));
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
          const body = validate(updateSchema, req.body);
          const id = stringParam(req, 'id');
          const reply = await api.updateHeroSlide(
            {
              actorUserId: staffOf(res).userId,
              id,
              ...body,
              linkUrl: body.linkUrl ?? undefined,
              clearLinkUrl: body.linkUrl === null,
            },
            callOptions(res),
          );
          await recordAudit(clients, res, audited('updated', id, body));
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
          await api.deleteHeroSlide({ actorUserId: staffOf(res).userId, id }, callOptions(res));
          await recordAudit(clients, res, audited('deleted', id));
          res.json(dataBody({ id, deleted: true }));
        },
      ],
    },
  ];
}
