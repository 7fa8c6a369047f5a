import { auditActorOf } from '@travel/audit';
import type { content } from '@travel/contracts';
import type { RequestContext, ServiceImplementation } from '@travel/grpc';
import type { Blog } from '../domain/blog';
import type { createCreateBlog } from '../domain/create-blog';
import type { createDeleteBlog } from '../domain/delete-blog';
import type { HeroSlide } from '../domain/hero-slide';
import type {
  createCreateHeroSlide,
  createDeleteHeroSlide,
  createListHeroSlides,
  createUpdateHeroSlide,
} from '../domain/manage-hero-slides';
import type {
  createActivateTheme,
  createCreateTheme,
  createGetActiveTheme,
  createListThemes,
  ThemeView,
} from '../domain/manage-themes';
import type { createMoveBlog } from '../domain/move-blog';
import type {
  BlogPage,
  createGetPublishedBlog,
  createListBlogs,
  createListPublishedBlogs,
} from '../domain/read-blogs';
import { PLATFORM } from '../domain/theme';
import type { createUpdateBlog } from '../domain/update-blog';
import { editorOf, themeOwnerOf } from './callers';

export interface ContentUseCases {
  listBlogs: ReturnType<typeof createListBlogs>;
  createBlog: ReturnType<typeof createCreateBlog>;
  updateBlog: ReturnType<typeof createUpdateBlog>;
  deleteBlog: ReturnType<typeof createDeleteBlog>;
  moveBlog: ReturnType<typeof createMoveBlog>;
  listPublishedBlogs: ReturnType<typeof createListPublishedBlogs>;
  getPublishedBlog: ReturnType<typeof createGetPublishedBlog>;
  listHeroSlides: ReturnType<typeof createListHeroSlides>;
  createHeroSlide: ReturnType<typeof createCreateHeroSlide>;
  updateHeroSlide: ReturnType<typeof createUpdateHeroSlide>;
  deleteHeroSlide: ReturnType<typeof createDeleteHeroSlide>;
  listThemes: ReturnType<typeof createListThemes>;
  createTheme: ReturnType<typeof createCreateTheme>;
  activateTheme: ReturnType<typeof createActivateTheme>;
  getActiveTheme: ReturnType<typeof createGetActiveTheme>;
}

/** Thin handlers: resolve the caller once (fail closed), call one use case as it (and as the audit actor), encode. */
export function createContentGrpc(
  useCases: ContentUseCases,
): ServiceImplementation<typeof content.ContentServiceDefinition, RequestContext> {
  const blogPage = (page: BlogPage) => ({ blogs: page.blogs.map(encodeBlog), nextCursor: page.nextCursor });
  const blogs = (wire: content.ListBlogsRequest['caller']) => editorOf(wire, 'blogs');
  const slides = (wire: content.ListBlogsRequest['caller']) => editorOf(wire, 'hero-carousel');
  return {
    listBlogs: async (request) => {
      blogs(request.caller);
      return blogPage(await useCases.listBlogs(request));
    },
    createBlog: async (request) => {
      blogs(request.caller);
      return { blog: encodeBlog(await useCases.createBlog(request, auditActorOf(request.caller))) };
    },
    updateBlog: async (request) => {
      blogs(request.caller);
      return { blog: encodeBlog(await useCases.updateBlog(request, auditActorOf(request.caller))) };
    },
    deleteBlog: async (request) => {
      blogs(request.caller);
      await useCases.deleteBlog(request.id, auditActorOf(request.caller));
      return {};
    },
    publishBlog: async (request) => {
      blogs(request.caller);
      const by = auditActorOf(request.caller);
      return { blog: encodeBlog(await useCases.moveBlog(request.id, 'published', by)) };
    },
    unpublishBlog: async (request) => {
      blogs(request.caller);
      const by = auditActorOf(request.caller);
      return { blog: encodeBlog(await useCases.moveBlog(request.id, 'unpublished', by)) };
    },
    // Public: published posts only.
    listPublishedBlogs: async (request) => blogPage(await useCases.listPublishedBlogs(request)),
    getPublishedBlog: async (request) => ({
      blog: encodeBlog(await useCases.getPublishedBlog(request.slug)),
    }),
    listHeroSlides: async (request) => {
      // The active slides are the storefront's public list; the rest only editors see.
      if (!request.activeOnly) slides(request.caller);
      const page = await useCases.listHeroSlides(request);
      return { slides: page.slides.map(encodeSlide), nextCursor: page.nextCursor };
    },
    createHeroSlide: async (request) => {
      slides(request.caller);
      return { slide: encodeSlide(await useCases.createHeroSlide(request, auditActorOf(request.caller))) };
    },
    updateHeroSlide: async (request) => {
      slides(request.caller);
      return { slide: encodeSlide(await useCases.updateHeroSlide(request, auditActorOf(request.caller))) };
    },
    deleteHeroSlide: async (request) => {
      slides(request.caller);
      await useCases.deleteHeroSlide(request.id, auditActorOf(request.caller));
      return {};
    },
    listThemes: async (request) => {
      const { owner } = themeOwnerOf(request.caller, request.tenantId);
      const page = await useCases.listThemes(request, owner);
      return { themes: page.themes.map(encodeTheme), nextCursor: page.nextCursor };
    },
    createTheme: async (request) => {
      const { owner } = themeOwnerOf(request.caller, request.tenantId);
      const by = auditActorOf(request.caller);
      return { theme: encodeTheme(await useCases.createTheme(request, owner, by)) };
    },
    activateTheme: async (request) => {
      const { owner } = themeOwnerOf(request.caller, request.tenantId);
      const by = auditActorOf(request.caller);
      return { theme: encodeTheme(await useCases.activateTheme(request.id, owner, by)) };
    },
    getActiveTheme: async (request) => {
      const found = await useCases.getActiveTheme(themeOwnerOf(request.caller, request.tenantId).owner);
      return { theme: encodeTheme(found), inherited: found.inherited };
    },
  };
}

function encodeBlog(blog: Blog): content.Blog {
  return {
    id: blog.id,
    slug: blog.slug,
    title: blog.title,
    excerpt: blog.excerpt,
    format: blog.format,
    body: blog.body,
    html: blog.html,
    coverImageUrl: blog.coverImageUrl,
    status: blog.status,
    publishedAt: blog.publishedAt,
    createdAt: blog.createdAt,
    updatedAt: blog.updatedAt,
    authorUserId: blog.authorUserId,
  };
}

function encodeSlide(slide: HeroSlide): content.HeroSlide {
  const { id, title, imageUrl, linkUrl, position, active, createdAt, updatedAt } = slide;
  return { id, title, imageUrl, linkUrl, position, active, createdAt, updatedAt };
}

function encodeTheme({ theme, active }: ThemeView): content.Theme {
  return {
    id: theme.id,
    tenantId: theme.owner === PLATFORM ? undefined : theme.owner,
    name: theme.name,
    colors: theme.colors,
    logoUrl: theme.logoUrl,
    active,
    createdAt: theme.createdAt,
  };
}
