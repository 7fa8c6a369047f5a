import { z } from 'zod';
import { nonBlank } from './params';

describe('nonBlank text', () => {
  it('when a blank or empty value is sent, then it is refused as blank, whatever the spaces are', () => {
    for (const blank of ['', ' ', '\f', '\t\n ', '\u00a0']) {
      const result = nonBlank(40).safeParse(blank);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('must not be blank');
    }
  });

  it('when text with spaces around it is sent, then it is kept trimmed, up to its maximum', () => {
    expect(nonBlank(40).parse('  upi \n')).toBe('upi');
    expect(nonBlank(3).safeParse('abcd').success).toBe(false);
  });

  it('when the document is made, then it says what the check does: not blank, within its maximum', () => {
    const schema = z.toJSONSchema(nonBlank(40).meta({ description: 'e.g. `upi`' }));
    expect(schema).toMatchObject({ type: 'string', minLength: 1, maxLength: 40, pattern: '\\S' });
    expect(schema.description).toBe('e.g. `upi`');
    for (const text of ['upi', ' x ']) expect(new RegExp(String(schema.pattern)).test(text)).toBe(true);
    expect(new RegExp(String(schema.pattern)).test('\f ')).toBe(false);
  });
});
