import { numberedSlug, SLUG_PATTERN, slugNumber, slugOf, slugStem } from './slug';

describe('slugs', () => {
  it('when a title has punctuation, accents and spaces, then its slug is lower-case words joined by hyphens', () => {
    expect(slugOf('  Kerala in Monsoon: 5 Ways!  ')).toBe('kerala-in-monsoon-5-ways');
    expect(slugOf('Café à Pondichéry')).toBe('cafe-a-pondichery');
    expect(slugOf('!!!')).toBe('post');
    expect(slugOf('x'.repeat(200))).toHaveLength(80);
  });

  it('when a slug is numbered, then it stays within the limit and the pattern', () => {
    const long = slugOf(`${'a'.repeat(78)} b`);
    expect(numberedSlug(long, 12)).toMatch(SLUG_PATTERN);
    expect(numberedSlug(long, 12).length).toBeLessThanOrEqual(80);
    expect(numberedSlug('goa', 2)).toBe('goa-2');
  });

  it('when an 80-character slug is numbered or given a random tail, then it is cut to stay within 80', () => {
    const long = slugOf('monsoons '.repeat(20));
    expect(long).toHaveLength(80);
    for (const slug of [numberedSlug(long, 2), numberedSlug(long, 123456), numberedSlug(long, 'x7k2p9')]) {
      expect(slug.length).toBeLessThanOrEqual(80);
      expect(slug).toMatch(SLUG_PATTERN);
      expect(slug.startsWith(slugStem(long))).toBe(true);
    }
  });

  it('when a taken slug is read back, then its number is found even where the base was cut', () => {
    const long = slugOf('monsoons '.repeat(20));
    expect(slugNumber(long, long)).toBe(1);
    expect(slugNumber(long, numberedSlug(long, 7))).toBe(7);
    expect(slugNumber('goa', 'goa-12')).toBe(12);
    expect(slugNumber('goa', 'goa-beaches')).toBeUndefined();
    expect(slugNumber('goa', 'goa-beaches-2')).toBeUndefined();
  });
});
