import type { content } from '@travel/contracts';
import type { Counters } from '@travel/mongo';
import { pageOfRows, readPageQuery } from '@travel/paging';
import type { HeroSlideChanges, HeroSlideRepository } from '../db/hero-slide.repository';
import { pairKeyCursors } from './cursor';
import { checkSlideFields, type HeroSlide, heroSlideIdOf, slideNotFound } from './hero-slide';

export interface HeroSlideDeps {
  slides: HeroSlideRepository;
  counters: Counters;
  now: () => Date;
}

export function createCreateHeroSlide(deps: HeroSlideDeps) {
  return async (request: content.CreateHeroSlideRequest): Promise<HeroSlide> => {
    checkSlideFields(request);
    const n = await deps.counters.next('hero_slide');
    const at = deps.now();
    const slide: HeroSlide = {
      id: heroSlideIdOf(n),
      n,
      title: request.title.trim(),
      imageUrl: request.imageUrl,
      linkUrl: request.linkUrl,
      position: request.position,
      active: request.active,
      createdAt: at,
      updatedAt: at,
    };
    await deps.slides.insert(slide);
    return slide;
  };
}

/** Changes what is given; `clearLinkUrl` removes the link. */
export function createUpdateHeroSlide(deps: HeroSlideDeps) {
  return async (request: content.UpdateHeroSlideRequest): Promise<HeroSlide> => {
    checkSlideFields(request);
    const { title, imageUrl, linkUrl, position, active } = request;
    const changes: HeroSlideChanges = { updatedAt: deps.now() };
    if (title !== undefined) changes.title = title.trim();
    if (imageUrl !== undefined) changes.imageUrl = imageUrl;
    if (linkUrl !== undefined && !request.clearLinkUrl) changes.linkUrl = linkUrl;
    if (position !== undefined) changes.position = position;
    if (active !== undefined) changes.active = active;
    const updated = await deps.slides.update(request.id, changes, request.clearLinkUrl ? ['linkUrl'] : []);
    if (!updated) throw slideNotFound(request.id);
    return updated;
  };
}

export function createDeleteHeroSlide(deps: HeroSlideDeps) {
  return async (id: string): Promise<void> => {
    if (!(await deps.slides.delete(id))) throw slideNotFound(id);
  };
}

/** By position (ties by creation); the storefront asks for active slides only. */
export function createListHeroSlides(deps: HeroSlideDeps) {
  return async (request: content.ListHeroSlidesRequest) => {
    const { limit, after } = readPageQuery(request, pairKeyCursors);
    const rows = await deps.slides.list(request.activeOnly, after, limit + 1);
    const page = pageOfRows(rows, limit, (slide) => pairKeyCursors.encode([slide.position, slide.n]));
    return { slides: page.items, nextCursor: page.nextCursor };
  };
}
