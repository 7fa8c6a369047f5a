import { randomInt } from 'node:crypto';

// No 0/O, 1/I: a PNR is read aloud over the phone.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Six random characters (32^6 ≈ 10^9); uniqueness is the unique index's job, a collision just draws again. */
export function newPnr(): string {
  let pnr = '';
  for (let i = 0; i < 6; i++) pnr += ALPHABET[randomInt(ALPHABET.length)];
  return pnr;
}
