/** What the receiver got: parsed bodies, as `startReceiver().bodies()` gives them. */
type Delivered = { id: string; type: string; data: unknown }[];

/**
 * Every booking of the load must reach the partner's receiver as exactly one `booking.created`, delivered
 * once: the problems found (empty when none), one line each.
 */
export function exactlyOnceProblems(bookings: string[], delivered: Delivered): string[] {
  const created = delivered.filter((body) => body.type === 'booking.created');
  const deliveriesOf = new Map<string, number>();
  const eventsOf = new Map<string, Set<string>>();
  for (const body of created) {
    deliveriesOf.set(body.id, (deliveriesOf.get(body.id) ?? 0) + 1);
    const booking = (body.data as { id: string }).id;
    eventsOf.set(booking, (eventsOf.get(booking) ?? new Set()).add(body.id));
  }
  const problems: string[] = [];
  for (const [event, count] of deliveriesOf)
    if (count !== 1) problems.push(`event ${event} delivered ${count} times`);
  for (const booking of bookings) {
    const events = eventsOf.get(booking)?.size ?? 0;
    if (events !== 1) problems.push(`booking ${booking} has ${events} booking.created events`);
  }
  const ours = new Set(bookings);
  for (const booking of eventsOf.keys())
    if (!ours.has(booking)) problems.push(`booking.created for ${booking}, which the load never made`);
  return problems;
}

/** True once every booking's `booking.created` has arrived (the test then waits a little for duplicates). */
export function allCreatedArrived(bookings: string[], delivered: Delivered): boolean {
  const arrived = new Set(
    delivered
      .filter((body) => body.type === 'booking.created')
      .map((body) => (body.data as { id: string }).id),
  );
  return bookings.every((booking) => arrived.has(booking));
}
