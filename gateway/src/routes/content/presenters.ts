import type { content } from '@travel/contracts';
import { iso } from '../common/iso';

// Proto messages → the internal API's JSON shapes (internal.yaml). Absent optionals become null.

/** Staff see the source they edit beside the sanitised HTML readers get. */
export function presentBlog(blog: content.Blog | undefined) {
  if (!blog) throw new Error('content answered no blog');
  return {
    id: blog.id,
    slug: blog.slug,
    title: blog.title,
    excerpt: blog.excerpt ?? null,
    format: blog.format,
    body: blog.body,
    html: blog.html,
    coverImageUrl: blog.coverImageUrl ?? null,
    status: blog.status,
    publishedAt: iso(blog.publishedAt),
    createdAt: iso(blog.createdAt),
    updatedAt: iso(blog.updatedAt),
    authorUserId: blog.authorUserId,
  };
}

/** A reader's list item: no body (the post's own page has it). */
export function presentBlogSummary(blog: content.Blog) {
  return {
    id: blog.id,
    slug: blog.slug,
    title: blog.title,
    excerpt: blog.excerpt ?? null,
    coverImageUrl: blog.coverImageUrl ?? null,
    publishedAt: iso(blog.publishedAt),
    updatedAt: iso(blog.updatedAt),
  };
}

/** A reader's post: only the sanitised HTML, never the source. */
export function presentPublicBlog(blog: content.Blog | undefined) {
  if (!blog) throw new Error('content answered no blog');
  return { ...presentBlogSummary(blog), html: blog.html };
}

export function presentSlide(slide: content.HeroSlide | undefined) {
  if (!slide) throw new Error('content answered no slide');
  return {
    id: slide.id,
    title: slide.title,
    imageUrl: slide.imageUrl,
    linkUrl: slide.linkUrl ?? null,
    position: slide.position,
    active: slide.active,
    createdAt: iso(slide.createdAt),
    updatedAt: iso(slide.updatedAt),
  };
}

export function presentTheme(theme: content.Theme | undefined) {
  if (!theme) throw new Error('content answered no theme');
  return {
    id: theme.id === '' ? null : theme.id,
    tenantId: theme.tenantId ?? null,
    name: theme.name,
    colors: theme.colors,
    logoUrl: theme.logoUrl ?? null,
    active: theme.active,
    createdAt: iso(theme.createdAt),
  };
}
