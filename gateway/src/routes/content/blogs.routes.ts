import type { ServiceClients } from '../../clients/service-clients';
import { callerOf } from '../../http/caller';
import { callOptions } from '../../http/calls';
import { dataBody, listBody } from '../../http/envelope';
import type { RouteAccess, RouteDefinition } from '../../http/route-table';
import { validate } from '../../http/validate';
import { stringParam } from '../common/params';
import { pageQuery } from '../common/partner-contract/operations';
import { createBlogBody, listBlogsQuery, updateBlogBody } from './blogs.contract';
import { presentBlog, presentBlogSummary, presentPublicBlog } from './presenters';

// docs/decisions/content.md, "Blogs are the platform's": an admin token with the right `blogs`. The blog
// is the platform storefront's (the public routes name no tenant), so only platform staff write it.
const editors: RouteAccess = { kind: 'staff', platformOnly: true, right: 'blogs' };
const readers: RouteAccess = { kind: 'public' };
/** Readers may keep a list or a post a minute; an unpublished post is gone from caches within that. */
export const PUBLIC_CACHE = 'public, max-age=60, stale-while-revalidate=60';

/** Blogs: the platform's editors (right `blogs`) and the storefront's readers (published posts only). */
export function blogRoutes({ clients }: { clients: ServiceClients }): RouteDefinition[] {
  const api = clients.content;
  const move = (to: 'publish' | 'unpublish'): RouteDefinition => ({
    method: 'post',
    path: `/api/admin/blogs/:id/${to}`,
    access: editors,
    handlers: [
      async (req, res) => {
        const request = { caller: callerOf(res), id: stringParam(req, 'id') };
        const reply =
          to === 'publish'
            ? await api.publishBlog(request, callOptions(res))
            : await api.unpublishBlog(request, callOptions(res));
        res.json(dataBody(presentBlog(reply.blog)));
      },
    ],
  });
  return [
    {
      method: 'get',
      path: '/api/admin/blogs',
      access: editors,
      handlers: [
        async (req, res) => {
          const query = validate(listBlogsQuery, req.query, 'query');
          const reply = await api.listBlogs({ caller: callerOf(res), ...query }, callOptions(res));
          res.json(listBody(reply.blogs.map(presentBlog), reply.nextCursor ?? null));
        },
      ],
    },
    {
      method: 'post',
      path: '/api/admin/blogs',
      access: editors,
      handlers: [
        async (req, res) => {
          const body = validate(createBlogBody, req.body);
          const reply = await api.createBlog(
            {
              caller: callerOf(res),
              ...body,
              excerpt: body.excerpt ?? undefined,
              coverImageUrl: body.coverImageUrl ?? undefined,
            },
            callOptions(res),
          );
          const blog = presentBlog(reply.blog);
          res.status(201).json(dataBody(blog));
        },
      ],
    },
    {
      method: 'put',
      path: '/api/admin/blogs/:id',
      access: editors,
      handlers: [
        async (req, res) => {
          const body = validate(updateBlogBody, req.body);
          const id = stringParam(req, 'id');
          const reply = await api.updateBlog(
            {
              caller: callerOf(res),
              id,
              ...body,
              // null removes an optional field; the service reads an empty string so.
              excerpt: body.excerpt === null ? '' : body.excerpt,
              coverImageUrl: body.coverImageUrl === null ? '' : body.coverImageUrl,
            },
            callOptions(res),
          );
          res.json(dataBody(presentBlog(reply.blog)));
        },
      ],
    },
    {
      method: 'delete',
      path: '/api/admin/blogs/:id',
      access: editors,
      handlers: [
        async (req, res) => {
          const id = stringParam(req, 'id');
          await api.deleteBlog({ caller: callerOf(res), id }, callOptions(res));
          res.json(dataBody({ id, deleted: true }));
        },
      ],
    },
    move('publish'),
    move('unpublish'),
    {
      method: 'get',
      path: '/api/blogs',
      access: readers,
      handlers: [
        async (req, res) => {
          const query = validate(pageQuery, req.query, 'query');
          const reply = await api.listPublishedBlogs(query, callOptions(res));
          res.set('Cache-Control', PUBLIC_CACHE);
          res.json(listBody(reply.blogs.map(presentBlogSummary), reply.nextCursor ?? null));
        },
      ],
    },
    {
      method: 'get',
      path: '/api/blogs/:slug',
      access: readers,
      handlers: [
        async (req, res) => {
          const reply = await api.getPublishedBlog({ slug: stringParam(req, 'slug') }, callOptions(res));
          res.set('Cache-Control', PUBLIC_CACHE);
          res.json(dataBody(presentPublicBlog(reply.blog)));
        },
      ],
    },
  ];
}
