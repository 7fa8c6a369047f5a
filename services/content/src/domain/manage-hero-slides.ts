import { type AuditActor, type AuditChange, auditEntry } from '@travel/audit';
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

/** A slide change as the audit log shows it: `hero_slide.created` on `hero_slide` `hsl_3`. */
const slideChange = (verb: string, id: string, details: AuditChange['details'] = {}): AuditChange => ({
  action: `hero_slide.${verb}`,
  target: { type: 'hero_slide', id },
  details,
});

export function createCreateHeroSlide(deps: HeroSlideDeps) {
  return async (request: content.CreateHeroSlideRequest, by: AuditActor): Promise<HeroSlide> => {
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
    await deps.slides.insert(
      slide,
      auditEntry(by, slideChange('created', slide.id, { title: slide.title }), at),
    );
    return slide;
  };
}

/** Changes what is given; `clearLinkUrl` removes the link. */
export function createUpdateHeroSlide(deps: HeroSlideDeps) {
  return async (request: content.UpdateHeroSlideRequest, by: AuditActor): Promise<HeroSlide> => {
    checkSlideFields(request);
    const { title, imageUrl, linkUrl, position, active } = request;
    const changes: HeroSlideChanges = { updatedAt: deps.now() };
    if (title !== undefined) changes.title = title.trim();
    if (imageUrl !== undefined) changes.imageUrl = imageUrl;
    if (linkUrl !== undefined && !request.clearLinkUrl) changes.linkUrl = linkUrl;
    if (position !== undefined) changes.position = position;
    if (active !== undefined) changes.active = active;
    const { caller: _, id, ...given } = request;
    const entry = auditEntry(by, slideChange('updated', id, given), changes.updatedAt ?? deps.now());
    const updated = await deps.slides.update(id, changes, request.clearLinkUrl ? ['linkUrl'] : [], entry);
    if (!updated) throw slideNotFound(request.id);
    return updated;
  };
}

export function createDeleteHeroSlide(deps: HeroSlideDeps) {
  return async (id: string, by: AuditActor): Promise<void> => {
    if (!(await deps.slides.delete(id, auditEntry(by, slideChange('deleted', id), deps.now()))))
      throw slideNotFound(id);
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
