import { ipRange } from './ip-range';
import { password } from './password';
import { check } from './validate';

// The field rules the gateway checks beside every other field (docs/decisions/http-api.md "Errors and HTTP
// conventions"); identity checks the same values again, with the same words for the password.

const problems = (schema: Parameters<typeof check>[0], value: unknown) => {
  const checked = check(schema, value);
  return checked.ok ? [] : checked.problems.map((problem) => problem.message);
};

describe('a password', () => {
  const schema = password('A password.');

  it.each(['abcdefg1', `a1${'x'.repeat(198)}`])('when %s is given, then it is accepted', (value) => {
    expect(problems(schema, value)).toEqual([]);
  });

  it.each([
    ['too short and no digit (one answer, not two)', 'shortx'],
    ['no digit', 'abcdefghij'],
    ['no letter', '1234567890'],
  ])("when it has %s, then identity's words refuse it", (_why, value) => {
    expect(problems(schema, value)).toEqual(['At least 8 characters, with a letter and a number.']);
  });

  it('when it is longer than 200 characters, then it is refused', () => {
    expect(problems(schema, `a1${'x'.repeat(199)}`)).toHaveLength(1);
  });
});

describe('an IP address or CIDR range', () => {
  const schema = ipRange('not an address');

  it.each(['203.0.113.7', '203.0.113.0/24', '2001:db8::/32', ' ::ffff:10.0.0.1 '])(
    'when %s is given, then it is accepted',
    (value) => {
      expect(problems(schema, value)).toEqual([]);
    },
  );

  it.each(['300.1.2.3', '10.0.0.0/33', 'example.com', '2001:db8::/129'])(
    'when %s is given, then it is refused',
    (value) => {
      expect(problems(schema, value)).toEqual(['not an address']);
    },
  );
});
