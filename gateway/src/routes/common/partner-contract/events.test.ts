import { eventsQuery } from './operations';

describe('GET /events query', () => {
  // `after` is documented as an integer from 0 to 999999999999999 (documentedAs): the schema accepts exactly those.
  it.each([
    ['0', true],
    ['41', true],
    ['999999999999999', true],
    ['1000000000000000', false],
    ['-1', false],
    ['1.5', false],
    ['1e3', false],
    ['', false],
    ['abc', false],
  ])('when after=%s, then accepted is %s', (after, accepted) => {
    expect(eventsQuery.safeParse({ after }).success).toBe(accepted);
  });

  it('when after is sent, then the route gets it as a number, and without it none', () => {
    expect(eventsQuery.parse({ after: '41' })).toMatchObject({ after: 41, limit: 25 });
    expect(eventsQuery.parse({})).not.toHaveProperty('after', expect.anything());
  });

  it('when type is not an event type, then the query is refused on type', () => {
    const parsed = eventsQuery.safeParse({ type: 'booking.updated' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['type']);
  });
});
