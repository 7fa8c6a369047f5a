import { formatTime, timeOf } from './format';

describe('the API times', () => {
  it("when a time comes as the API writes it without a zone, then it is read as UTC, whatever the viewer's zone", () => {
    expect(timeOf('2026-11-30 04:51:02').toISOString()).toBe('2026-11-30T04:51:02.000Z');
    expect(timeOf('2026-11-30T04:51:02.250Z').toISOString()).toBe('2026-11-30T04:51:02.250Z');
  });

  it('when the text is no time, then it is shown as it is', () => {
    expect(formatTime('soon')).toBe('soon');
  });
});
