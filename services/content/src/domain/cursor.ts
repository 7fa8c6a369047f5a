import { sortKeyCursor } from '@travel/paging';

// Content lists continue after the sort key of the last row shown: `c1:` and its integers joined by `.`.
/** Lists sorted by one number (`n`: blogs, themes). */
export const numberKeyCursors = sortKeyCursor('c1:', 1);
/** Lists sorted by two (published blogs: publication time then `n`; slides: position then `n`). */
export const pairKeyCursors = sortKeyCursor('c1:', 2);
