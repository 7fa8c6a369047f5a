import { claimedNames } from './claimed-names';
import { claimedAt, uniqueName } from './names';

describe('uniqueName', () => {
  it('claims each name it hands out for the test file, so the file end can drop what it names', () => {
    const name = uniqueName('ct_unit');
    expect(claimedNames().has(name)).toBe(true);
  });

  it('when a resource is named with it (a database, a namespaced topic), then claimedAt reads when it was made', () => {
    const before = Date.now();
    const name = uniqueName('ct_bk_store');
    for (const resource of [name, `${name}.booking.events.parked`, `${name}-reader`])
      expect(claimedAt(resource)).toBeGreaterThanOrEqual(before);
  });

  it('when a name was not made by it, then claimedAt is undefined', () => {
    for (const name of ['booking', 'e2e_booking', 'e2e.booking.events', 'ct_webhook_queue', 'admin'])
      expect(claimedAt(name)).toBeUndefined();
  });
});
