import { z } from 'zod';
import { nodeEnv } from './fields';
import { crashPoint, refusedInProduction } from './test-hooks';

const schema = z
  .object({ NODE_ENV: nodeEnv(), DEMO_CRASH_AT: crashPoint(['after-claim', 'before-answer'] as const) })
  .refine(...refusedInProduction('DEMO_CRASH_AT', 'is a test hook'));

describe('test hooks', () => {
  it('when a crash point is set outside production, then it is that point; unset is none', () => {
    expect(schema.parse({ NODE_ENV: 'test', DEMO_CRASH_AT: 'after-claim' }).DEMO_CRASH_AT).toBe(
      'after-claim',
    );
    expect(schema.parse({ NODE_ENV: 'production' }).DEMO_CRASH_AT).toBeUndefined();
  });

  it('when the point is not one of the service, then the setting is refused', () => {
    expect(schema.safeParse({ NODE_ENV: 'test', DEMO_CRASH_AT: 'elsewhere' }).success).toBe(false);
  });

  it('when a crash point is set in production, then the config is refused naming the setting', () => {
    const result = schema.safeParse({ NODE_ENV: 'production', DEMO_CRASH_AT: 'after-claim' });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['DEMO_CRASH_AT'],
        message: 'DEMO_CRASH_AT is a test hook and is refused when NODE_ENV=production.',
      }),
    ]);
  });
});
