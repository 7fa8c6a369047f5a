import { z } from 'zod';
import { defineOperations } from '../../openapi/contract';
import { DeletedBody, HttpUrl } from '../common/internal-components';
import { nonBlank } from '../common/params';
import { dataOf, pageOf, pageQuery } from '../common/partner-contract/operations';

// The blog routes' schemas (blogs.routes.ts validates with them); their words are in internal.texts.yaml.

export const Slug = z
  .string()
  .max(80)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case letters and digits joined by single hyphens')
  .meta({
    description: 'Lower-case letters and digits in words joined by single hyphens; unique among posts.',
  });

const BLOG_FORMATS = ['html', 'markdown'] as const;
const BLOG_STATUSES = ['draft', 'published', 'unpublished'] as const;

const blogFields = {
  title: nonBlank(200),
  slug: Slug,
  excerpt: z.string().max(500).nullable(),
  format: z.enum(BLOG_FORMATS),
  body: z.string().min(1).max(200_000),
  coverImageUrl: HttpUrl.nullable(),
};

export const createBlogBody = z.strictObject({
  ...blogFields,
  slug: blogFields.slug.optional(),
  excerpt: blogFields.excerpt.optional(),
  format: blogFields.format.default('html'),
  coverImageUrl: blogFields.coverImageUrl.optional(),
});
/** Only the fields given change; null removes `excerpt` or `coverImageUrl`. */
export const updateBlogBody = z.strictObject(blogFields).partial();
export const listBlogsQuery = pageQuery.extend({ status: z.enum(BLOG_STATUSES).optional() });

export const Blog = z.strictObject({
  id: z.string().regex(/^blg_[0-9]+$/),
  slug: Slug,
  title: z.string(),
  excerpt: z.string().nullable(),
  format: z.enum(BLOG_FORMATS),
  body: z
    .string()
    .meta({ description: 'The source as stored (an HTML body sanitised, a Markdown body as written).' }),
  html: z.string().meta({ description: 'The sanitised HTML readers are served.' }),
  coverImageUrl: z.string().meta({ format: 'uri' }).nullable(),
  status: z.enum(BLOG_STATUSES),
  publishedAt: z.iso.datetime().nullable().meta({ description: 'The first publication.' }),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  authorUserId: z.string(),
});

const summaryFields = {
  id: z.string(),
  slug: Slug,
  title: z.string(),
  excerpt: z.string().nullable(),
  coverImageUrl: z.string().meta({ format: 'uri' }).nullable(),
  publishedAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
};

/** A reader's list item: no body. */
export const BlogSummary = z.strictObject(summaryFields);
/** A reader's post: the sanitised HTML, never the source. */
export const PublicBlog = z.strictObject({
  ...summaryFields,
  html: z.string().meta({ description: 'Sanitised HTML.' }),
});

const BlogBody = dataOf(Blog);
const BlogList = pageOf(Blog);
const PublicBlogBody = dataOf(PublicBlog);
const PublicBlogList = pageOf(BlogSummary);
const blogIdParams = z.object({ id: z.string().meta({ description: "The post's id (`blg_…`)." }) });
const slugParams = z.object({ slug: z.string().meta({ description: "The post's slug." }) });

export const blogsContract = {
  operations: defineOperations({
    listBlogs: {
      method: 'get',
      path: '/admin/blogs',
      query: listBlogsQuery,
      responses: { '200': BlogList },
    },
    createBlog: {
      method: 'post',
      path: '/admin/blogs',
      body: createBlogBody,
      bodyRequired: true,
      responses: { '201': BlogBody },
    },
    updateBlog: {
      method: 'put',
      path: '/admin/blogs/{id}',
      params: blogIdParams,
      body: updateBlogBody,
      bodyRequired: true,
      responses: { '200': BlogBody },
    },
    deleteBlog: {
      method: 'delete',
      path: '/admin/blogs/{id}',
      params: blogIdParams,
      responses: { '200': DeletedBody },
    },
    publishBlog: {
      method: 'post',
      path: '/admin/blogs/{id}/publish',
      params: blogIdParams,
      responses: { '200': BlogBody },
    },
    unpublishBlog: {
      method: 'post',
      path: '/admin/blogs/{id}/unpublish',
      params: blogIdParams,
      responses: { '200': BlogBody },
    },
    listPublishedBlogs: {
      method: 'get',
      path: '/blogs',
      query: pageQuery,
      responses: { '200': PublicBlogList },
    },
    getPublishedBlog: {
      method: 'get',
      path: '/blogs/{slug}',
      params: slugParams,
      responses: { '200': PublicBlogBody },
    },
  }),
  components: { Slug, Blog, BlogSummary, PublicBlog },
  responses: { Blog: BlogBody, BlogList, PublicBlog: PublicBlogBody, PublicBlogList },
};
