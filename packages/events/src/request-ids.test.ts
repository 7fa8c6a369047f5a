import { isFoundByTime, newRequestId, TIMED_REQUEST_ID_WINDOW_MS, timeOfRequestId } from './request-ids';

describe('request ids that carry their time', () => {
  it('when the gateway makes one, then it names the time it was made, in the 36 characters ids always had', () => {
    const at = Date.UTC(2026, 10, 30, 8, 30, 0, 123);
    const id = newRequestId(at);
    expect(id).toMatch(/^req_[0-9a-f]{32}$/);
    expect(timeOfRequestId(id)).toBe(at);
    expect(newRequestId(at)).not.toBe(id);
  });

  it('when an id is a caller’s own, then it names no time', () => {
    for (const id of ['order-12345678', 'req_page_7', `req_${'g'.repeat(32)}`, `req_${'0'.repeat(31)}`])
      expect(timeOfRequestId(id)).toBeUndefined();
  });

  it('when a call is answered within the window after its id was made, then it is found by time, else not', () => {
    const made = Date.now();
    const id = newRequestId(made);
    expect(isFoundByTime(id, made)).toBe(true);
    expect(isFoundByTime(id, made + TIMED_REQUEST_ID_WINDOW_MS)).toBe(true);
    expect(isFoundByTime(id, made + TIMED_REQUEST_ID_WINDOW_MS + 1)).toBe(false);
    expect(isFoundByTime(id, made - 1000)).toBe(true);
    expect(isFoundByTime(id, made - 1001)).toBe(false);
    expect(isFoundByTime('order-12345678', made)).toBe(false);
  });
});
