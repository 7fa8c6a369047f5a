import { Metadata } from 'nice-grpc';
import { deadlineOf, timeoutHeaderOf } from './deadline';
import { DEADLINE_KEY } from './metadata';

describe('the deadline on the wire', () => {
  it('when what is left is sent, then it is whole milliseconds, at least one, and seconds past 8 digits', () => {
    expect(timeoutHeaderOf(1500)).toBe('1500m');
    expect(timeoutHeaderOf(0.2)).toBe('1m');
    expect(timeoutHeaderOf(1499.2)).toBe('1500m');
    expect(timeoutHeaderOf(99_999_999)).toBe('99999999m');
    expect(timeoutHeaderOf(100_000_000)).toBe('100000S');
  });

  it('when the server hands a handler its deadline, then it is read back as a Date, and none is undefined', () => {
    expect(deadlineOf(Metadata({ [DEADLINE_KEY]: '1790000000000' }))).toEqual(new Date(1_790_000_000_000));
    expect(deadlineOf(Metadata())).toBeUndefined();
    expect(deadlineOf(Metadata({ [DEADLINE_KEY]: 'soon' }))).toBeUndefined();
  });
});
