import { resealEach } from './reseal-each';

describe('resealEach', () => {
  it('when some values are current and one was changed meanwhile, then only the others are counted as re-sealed', async () => {
    const written: string[] = [];
    const count = await resealEach(['sealed:v1:k2:a', 'plain', 'sealed:v1:k1:b', 'sealed:v1:k1:raced'], {
      isCurrent: (value) => value.startsWith('sealed:v1:k2:'),
      reseal: (value) => `sealed:v1:k2:${value}`,
      replace: async (value, sealed) => {
        if (value.endsWith('raced')) return false;
        written.push(sealed);
        return true;
      },
    });
    expect(count).toEqual({ resealed: 2, current: 1 });
    expect(written).toEqual(['sealed:v1:k2:plain', 'sealed:v1:k2:sealed:v1:k1:b']);
  });
});
