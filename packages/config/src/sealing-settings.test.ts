import { randomBytes } from 'node:crypto';
import { type ConfigError, loadFields, nodeEnv, sealingFields, sealingKeysOf } from './index';

const fields = { NODE_ENV: nodeEnv(), ...sealingFields };
const key = () => randomBytes(32).toString('base64');
const problemsOf = (env: Record<string, string>) => {
  try {
    loadFields(fields, env);
    return [];
  } catch (error) {
    return (error as ConfigError).problems;
  }
};

describe('sealing settings', () => {
  it('when two keys and the active kid are given, then the second one seals and both open', () => {
    const config = loadFields(fields, { SEALING_KEYS: `k1:${key()},k2:${key()}`, SEALING_ACTIVE_KEY: 'k2' });
    const ring = sealingKeysOf(config);
    expect(ring.activeKid).toBe('k2');
    expect([...ring.keys.keys()]).toEqual(['k1', 'k2']);
  });

  it('when one key is given without an active kid, then that key is active', () => {
    expect(sealingKeysOf(loadFields(fields, { SEALING_KEYS: `only:${key()}` })).activeKid).toBe('only');
  });

  it('when nothing is given outside production, then the public development key seals; production refuses', () => {
    expect(sealingKeysOf(loadFields(fields, {})).activeKid).toBe('dev');
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      'SEALING_KEYS: required in production (kid:<base64 32 bytes>,...)',
    ]);
  });

  it('when the keys are malformed or the active kid is missing or unknown, then start fails naming the variable', () => {
    expect(problemsOf({ SEALING_KEYS: `k1:${key()},k2` })).toEqual([
      'SEALING_KEYS: entry 2: must be <kid>:<base64 key>, kid of A-Z a-z 0-9 _ -',
    ]);
    expect(problemsOf({ SEALING_KEYS: `k1:${key()},k2:${key()}` })).toEqual([
      'SEALING_ACTIVE_KEY: required when SEALING_KEYS holds more than one key',
    ]);
    expect(problemsOf({ SEALING_KEYS: `k1:${key()}`, SEALING_ACTIVE_KEY: 'k9' })).toEqual([
      'SEALING_ACTIVE_KEY: k9 is not a kid of SEALING_KEYS',
    ]);
  });
});
