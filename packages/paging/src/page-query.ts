import { badRequest, type FieldProblem } from '@travel/errors';
import { CURSOR_PROBLEM, type CursorCodec } from './cursor-codec';

/**
 * The one page-size rule of every list (the OpenAPI documents: `limit`, integer 1 to 100, default 25). The
 * default only stands in for a limit that was not sent at all: an explicit 0 (or 101, or 2.5) is refused.
 */
export const PAGE_SIZE = { default: 25, max: 100 } as const;

const LIMIT_PROBLEM: FieldProblem = {
  path: 'limit',
  message: `must be an integer from 1 to ${PAGE_SIZE.max}`,
};

/** What a list request asks for: a page size and where to continue (absent: the first page). */
export interface PageQuery {
  limit?: number | undefined;
  cursor?: string | undefined;
}

/** A checked page: how many rows to show and the position the page continues after. */
export interface Page<P> {
  limit: number;
  after?: P;
}

/** The problems of a page size (none when it is good; undefined is the default). */
export function pageSizeProblems(limit: number | undefined): FieldProblem[] {
  if (limit === undefined) return [];
  return Number.isInteger(limit) && limit >= 1 && limit <= PAGE_SIZE.max ? [] : [LIMIT_PROBLEM];
}

/**
 * The page a query asks for and every problem with it, for lists that check more fields and answer one
 * `400` listing them all: `limit`'s, then the list's own (`filterProblems`), then `cursor`'s. With
 * problems, the page is not to be used.
 */
export function checkPageQuery<P>(
  query: PageQuery,
  cursors: CursorCodec<P>,
  filterProblems: FieldProblem[] = [],
): { page: Page<P>; problems: FieldProblem[] } {
  const problems = [...pageSizeProblems(query.limit), ...filterProblems];
  const after = query.cursor === undefined ? undefined : cursors.read(query.cursor);
  if (query.cursor !== undefined && after === undefined) problems.push(CURSOR_PROBLEM);
  const limit = query.limit ?? PAGE_SIZE.default;
  return { page: after === undefined ? { limit } : { limit, after }, problems };
}

/** The page a query asks for; a bad `limit` or `cursor` is one `400 bad_request` naming each. */
export function readPageQuery<P>(query: PageQuery, cursors: CursorCodec<P>): Page<P> {
  const { page, problems } = checkPageQuery(query, cursors);
  if (problems.length > 0) throw badRequest(problems);
  return page;
}

/**
 * One page of rows read as `limit + 1`: the extra row only says there is more, and the next page continues
 * after the last row shown.
 */
export function pageOfRows<T>(
  rows: T[],
  limit: number,
  cursorAfter: (last: T) => string,
): { items: T[]; nextCursor?: string } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return rows.length > limit && last !== undefined ? { items, nextCursor: cursorAfter(last) } : { items };
}
