import { randomBytes } from 'node:crypto';
import { parseSealingKeys } from './sealing-keys';

const b64 = (bytes: number) => randomBytes(bytes).toString('base64');

describe('parseSealingKeys', () => {
  it('when given kid:key pairs, then each kid maps to its 32 bytes', () => {
    const text = ` k1:${b64(32)}, k2_b:${b64(32)} `;
    const { keys, problems } = parseSealingKeys(text);
    expect(problems).toEqual([]);
    expect([...keys.keys()]).toEqual(['k1', 'k2_b']);
    expect(keys.get('k1')?.length).toBe(32);
  });

  it('when entries are malformed, repeated or of the wrong size, then every problem is listed without a key', () => {
    const short = b64(16);
    const { problems } = parseSealingKeys(`k1:${b64(32)},k1:${b64(32)},nokey,bad kid:${b64(32)},k3:${short}`);
    expect(problems).toEqual([
      'entry 2: kid k1 is given twice',
      'entry 3: must be <kid>:<base64 key>, kid of A-Z a-z 0-9 _ -',
      'entry 4: must be <kid>:<base64 key>, kid of A-Z a-z 0-9 _ -',
      'kid k3: the key must be 32 bytes in base64',
    ]);
    expect(problems.join(' ')).not.toContain(short);
  });

  it('when empty, then there are no keys and no problems', () => {
    expect(parseSealingKeys('')).toEqual({ keys: new Map(), problems: [] });
  });
});
