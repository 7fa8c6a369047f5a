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

/** The n-th candidate for a taken base slug: `base-2`, `base-3`, ... (kept within the length limit). */
export function numberedSlug(base: string, n: number): string {
  const suffix = `-${n}`;
  return `${base.slice(0, MAX_SLUG - suffix.length).replace(/-+$/, '')}${suffix}`;
}
