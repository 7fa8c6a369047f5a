import type { FieldProblem } from '@travel/errors';
import { badRequest } from '@travel/errors';

/** What a list answers for a cursor it did not issue (`400 bad_request` naming `cursor`). */
export const CURSOR_PROBLEM: FieldProblem = {
  path: 'cursor',
  message: 'must be a nextCursor returned by this list',
};

/** How one list writes the position where a page continues, and reads it back. */
export interface PositionForm<P> {
  write(position: P): string;
  /** The position the text names; undefined when it names none. */
  read(text: string): P | undefined;
}

/** The opaque cursors of one list. */
export interface CursorCodec<P> {
  encode(position: P): string;
  /** The position a cursor names; undefined for one this list did not issue. */
  read(cursor: string): P | undefined;
  /** The position a cursor names; one this list did not issue is `400 bad_request` on `cursor`. */
  decode(cursor: string): P;
}

/**
 * Opaque cursors: the base64url of `<prefix><position>`. The prefix names the list and its version (`b1:`
 * bookings, `i1:` invoices, ...), so another list's cursor is refused and the form can change later. Only a
 * cursor this codec would have written is accepted (re-encoding must give it back), so nobody pages from a
 * guessed or hand-made place.
 */
export function cursorCodec<P>(prefix: string, form: PositionForm<P>): CursorCodec<P> {
  const encode = (position: P) => Buffer.from(`${prefix}${form.write(position)}`).toString('base64url');
  const read = (cursor: string): P | undefined => {
    const text = Buffer.from(cursor, 'base64url').toString('utf8');
    const position = text.startsWith(prefix) ? form.read(text.slice(prefix.length)) : undefined;
    return position !== undefined && encode(position) === cursor ? position : undefined;
  };
  const decode = (cursor: string): P => {
    const position = read(cursor);
    if (position === undefined) throw badRequest([CURSOR_PROBLEM]);
    return position;
  };
  return { encode, read, decode };
}

// The written form (no sign on 0, no leading zeros, spaces, exponents or hex) is cursorCodec's to check: a position
// must re-encode to the very cursor it came from.
const wholeNumber = (text: string, min: number): number | undefined => {
  const n = Number(text);
  return Number.isSafeInteger(n) && n >= min ? n : undefined;
};

/** Cursors naming one record number `n` (lists newest first by `n`): whole numbers from `min` (1). */
export function numberCursor(prefix: string, min = 1): CursorCodec<number> {
  return cursorCodec(prefix, { write: String, read: (text) => wholeNumber(text, min) });
}

/** Cursors naming a sort key of `size` integers (joined by `.`). */
export function sortKeyCursor(prefix: string, size: number): CursorCodec<number[]> {
  return cursorCodec(prefix, {
    write: (key) => key.join('.'),
    read: (text) => {
      const key = text.split('.').map((part) => wholeNumber(part, Number.MIN_SAFE_INTEGER));
      if (key.length !== size) return undefined;
      // Stryker disable next-line MethodExpression,ConditionalExpression: equivalent: a key with a part that is no number re-encodes to other text, which cursorCodec refuses
      return key.every((n) => n !== undefined) ? (key as number[]) : undefined;
    },
  });
}

/** Where a list in order of creation continues: after the row created at `at` (ms) with id `id`. */
export interface CreatedPosition {
  at: number;
  id: string;
}

// The ids such lists carry: a type prefix and a counter or a name (`ten_12`, `rol_platform_admin`).
const RECORD_ID = /^[a-z]{2,8}_[A-Za-z0-9_]{1,60}$/;

/**
 * Cursors of a list oldest first by `(createdAt, _id)`: the last row's creation time and id, so rows created
 * in one millisecond keep their order and an id of any form (a counter's, a built-in name) can be named.
 */
export function createdOrderCursor(prefix: string): CursorCodec<CreatedPosition> {
  return cursorCodec(prefix, {
    write: ({ at, id }) => `${at}.${id}`,
    read: (text) => {
      const dot = text.indexOf('.');
      // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent: with no dot the id is the whole text, and no text is both digits (a time) and an id (letters first)
      const at = dot < 0 ? undefined : wholeNumber(text.slice(0, dot), 0);
      const id = text.slice(dot + 1);
      return at !== undefined && RECORD_ID.test(id) ? { at, id } : undefined;
    },
  });
}
