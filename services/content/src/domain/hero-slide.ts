import { AppError, badRequest, type FieldProblem } from '@travel/errors';
import { isWebUrl } from './blog';

export interface HeroSlide {
  id: string;
  n: number;
  title: string;
  imageUrl: string;
  linkUrl?: string;
  position: number;
  active: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export const heroSlideIdOf = (n: number) => `hero_${n}`;
export const slideNotFound = (id: string) => new AppError('not_found', `No hero slide ${id}.`);

export const MAX_POSITION = 10_000;

/** Every problem with the given fields at once (absent: not given). */
export function checkSlideFields(fields: {
  title?: string;
  imageUrl?: string;
  linkUrl?: string;
  position?: number;
}): void {
  const problems: FieldProblem[] = [];
  if (fields.title !== undefined && (fields.title.trim() === '' || fields.title.length > 200))
    problems.push({ path: 'title', message: 'must be 1 to 200 characters' });
  if (fields.imageUrl !== undefined && !isWebUrl(fields.imageUrl))
    problems.push({ path: 'imageUrl', message: 'must be an http(s) URL' });
  if (fields.linkUrl !== undefined && !isWebUrl(fields.linkUrl) && !/^\/[^/]/.test(fields.linkUrl))
    problems.push({ path: 'linkUrl', message: 'must be an http(s) URL or a storefront path (/...)' });
  if (
    fields.position !== undefined &&
    (!Number.isInteger(fields.position) || fields.position < 0 || fields.position > MAX_POSITION)
  )
    problems.push({ path: 'position', message: `must be an integer from 0 to ${MAX_POSITION}` });
  if (problems.length > 0) throw badRequest(problems);
}
