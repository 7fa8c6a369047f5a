import { numberedSlug, SLUG_PATTERN, slugOf } from './slug';

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
});
