import { resealEach } from './reseal-each';
import { SealingError } from './sealer';

describe('resealEach', () => {
  it('when values are current, changed meanwhile or unopenable, then only the others are re-sealed and each kind is counted', async () => {
    const written: string[] = [];
    const count = await resealEach(
      ['sealed:v1:k2:a', 'plain', 'sealed:v1:k1:b', 'sealed:v1:k1:raced', 'sealed:v1:k0:x'],
      {
        isCurrent: (value) => value.startsWith('sealed:v1:k2:'),
        reseal: (value) => {
          if (value.includes(':k0:')) throw new SealingError('unknown_key', 'k0 is not configured');
          return `sealed:v1:k2:${value}`;
        },
        replace: async (value, sealed) => {
          if (value.endsWith('raced')) return false;
          written.push(sealed);
          return true;
        },
      },
    );
    expect(count).toEqual({ resealed: 2, current: 1, unopenable: 1 });
    expect(written).toEqual(['sealed:v1:k2:plain', 'sealed:v1:k2:sealed:v1:k1:b']);
  });

  it('when re-sealing fails for another reason than a value that does not open, then the loop stops with that error', async () => {
    const outage = new Error('the store is unreachable');
    const steps = {
      isCurrent: () => false,
      reseal: () => {
        throw outage;
      },
      replace: async () => true,
    };
    await expect(resealEach(['sealed:v1:k1:a'], steps)).rejects.toBe(outage);
  });
});
