import slugify from 'slugify';

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_SLUG = 80;

/** `Kerala in Monsoon: 5 Ways!` → `kerala-in-monsoon-5-ways`; a title with no letters or digits → `post`. */
export function slugOf(title: string): string {
  const slug = slugify(title, { lower: true, strict: true, trim: true })
    .slice(0, MAX_SLUG)
    .replace(/-+$/, '');
  return slug === '' ? 'post' : slug;
}

/**
 * The n-th candidate for a taken base slug: `base-2`, `base-3`, ... A long base is cut so that the slug with
 * its suffix stays within the limit (`n` may also be a random tail, the last resort of a crowded title).
 */
export function numberedSlug(base: string, n: number | string): string {
  const suffix = `-${n}`;
  return `${base.slice(0, MAX_SLUG - suffix.length).replace(/-+$/, '')}${suffix}`;
}

/** The suffixes are at most this long (`-` and six characters), so every numbered slug starts with the stem. */
const MAX_SUFFIX = 7;

/** What every numbered slug of `base` starts with: the base, cut as the longest suffix would cut it. */
export function slugStem(base: string): string {
  return base.slice(0, MAX_SLUG - MAX_SUFFIX).replace(/-+$/, '');
}

/** `n` when `slug` is `numberedSlug(base, n)`, 1 when it is `base` itself, else undefined. */
export function slugNumber(base: string, slug: string): number | undefined {
  if (slug === base) return 1;
  const n = Number(/-(\d{1,6})$/.exec(slug)?.[1]);
  return Number.isSafeInteger(n) && numberedSlug(base, n) === slug ? n : undefined;
}
