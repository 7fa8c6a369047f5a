import { z } from 'zod';
import { defineOperations } from '../../openapi/contract';
import { DeletedBody, HttpUrl } from '../common/internal-components';
import { nonBlank } from '../common/params';
import { dataOf, pageOf, pageQuery } from '../common/partner-contract/operations';

// The hero slide routes' schemas (hero-slides.routes.ts validates with them); their words are in
// internal.texts.yaml.

/** A storefront path such as `/offers` (not `//host`, which a browser reads as another site). */
const storefrontPath = z.string().regex(/^\/[^/].{0,1999}$/, 'must be a URL or a path');

const slideFields = {
  title: nonBlank(200),
  imageUrl: HttpUrl,
  linkUrl: z.union([HttpUrl, storefrontPath, z.null()]).meta({
    description: 'A full http(s) URL or a storefront path such as `/offers`.',
    'x-rule': 'an http(s) URL or a storefront path starting with /',
  }),
  position: z.number().int().min(0).max(10_000),
  active: z.boolean(),
};

export const createHeroSlideBody = z.strictObject({
  ...slideFields,
  linkUrl: slideFields.linkUrl.optional(),
  position: slideFields.position.default(0),
  active: slideFields.active.default(true),
});
/** Only the fields given change; `linkUrl: null` removes the link. */
export const updateHeroSlideBody = z.strictObject(slideFields).partial();

export const HeroSlide = z.strictObject({
  id: z.string().regex(/^hero_[0-9]+$/),
  title: z.string(),
  imageUrl: z.string().meta({ format: 'uri' }),
  linkUrl: z.string().nullable(),
  position: z.number().int().min(0),
  active: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

const HeroSlideBody = dataOf(HeroSlide);
const HeroSlideList = pageOf(HeroSlide);
const slideIdParams = z.object({ id: z.string().meta({ description: "The slide's id (`hero_…`)." }) });

export const heroSlidesContract = {
  operations: defineOperations({
    listHeroSlides: {
      method: 'get',
      path: '/hero-slides',
      query: pageQuery,
      responses: { '200': HeroSlideList },
    },
    listHeroSlidesForEditors: {
      method: 'get',
      path: '/hero-slides/admin',
      query: pageQuery,
      responses: { '200': HeroSlideList },
    },
    createHeroSlide: {
      method: 'post',
      path: '/hero-slides/admin',
      body: createHeroSlideBody,
      bodyRequired: true,
      responses: { '201': HeroSlideBody },
    },
    updateHeroSlide: {
      method: 'put',
      path: '/hero-slides/admin/{id}',
      params: slideIdParams,
      body: updateHeroSlideBody,
      bodyRequired: true,
      responses: { '200': HeroSlideBody },
    },
    deleteHeroSlide: {
      method: 'delete',
      path: '/hero-slides/admin/{id}',
      params: slideIdParams,
      responses: { '200': DeletedBody },
    },
  }),
  components: { HeroSlide },
  responses: { HeroSlide: HeroSlideBody, HeroSlideList },
};
