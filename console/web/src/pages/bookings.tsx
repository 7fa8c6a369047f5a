import type { FormEvent } from 'react';
import { Link } from 'wouter';
import { callList, type Schemas } from '../api/client';
import { LoadStatus } from '../ui/errors';
import { formatMoney, formatTime } from '../ui/format';
import { ModeSwitch } from '../ui/mode-switch';
import { useScope } from '../ui/scope';
import { ScrollRegion } from '../ui/scroll-region';
import { useCarry, useMode, useUrlState } from '../ui/url-state';
import { useLoad } from '../ui/use-load';

type Booking = Schemas['AdminBooking'];

/** The tenant's bookings in one mode: filters (status, type, travel dates) in the URL, a search over the page. */
export function BookingsPage() {
  const mode = useMode();
  const scope = useScope();
  const carry = useCarry();
  const { get, set } = useUrlState();
  const filters = {
    status: get('status'),
    type: get('type'),
    dateFrom: get('dateFrom'),
    dateTo: get('dateTo'),
  };
  const search = get('q').toLowerCase();
  const cursor = get('cursor');
  const bookings = useLoad(
    () =>
      callList<Booking>('/admin/bookings', {
        ...filters,
        livemode: mode === 'live' ? 'true' : 'false',
        cursor,
        limit: '100',
        tenantId: scope.platform ? scope.tenantId : undefined,
      }),
    [JSON.stringify(filters), mode, cursor, scope.platform, scope.tenantId],
  );
  const rows = (bookings.outcome?.data ?? []).filter(
    (b) =>
      !search ||
      [b.id, b.pnr, b.reference ?? '', b.route].some((field) => field.toLowerCase().includes(search)),
  );
  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '').trim();
    set({
      q: value('q'),
      status: value('status'),
      type: value('type'),
      dateFrom: value('dateFrom'),
      dateTo: value('dateTo'),
      cursor: undefined,
    });
  }
  return (
    <>
      <h1>Bookings</h1>
      <ModeSwitch />
      <form
        className="card filters"
        onSubmit={apply}
        aria-label="Search bookings"
        key={`${search}${JSON.stringify(filters)}`}
      >
        <label>
          Search
          <input name="q" defaultValue={get('q')} placeholder="PNR, reference or id" />
        </label>
        <label>
          Status
          <select name="status" defaultValue={filters.status}>
            <option value="">Any</option>
            <option>Upcoming</option>
            <option>Cancelled</option>
            <option>Completed</option>
          </select>
        </label>
        <label>
          Type
          <select name="type" defaultValue={filters.type}>
            <option value="">Any</option>
            <option value="flight">Flight</option>
            <option value="hotel">Hotel</option>
            <option value="car">Car</option>
          </select>
        </label>
        <label>
          Travel from
          <input name="dateFrom" type="date" defaultValue={filters.dateFrom} />
        </label>
        <label>
          Travel to
          <input name="dateTo" type="date" defaultValue={filters.dateTo} />
        </label>
        <div className="actions">
          <button type="submit">Search</button>
        </div>
      </form>
      <LoadStatus loaded={bookings} what="bookings" />
      {bookings.outcome?.ok ? (
        <ScrollRegion className="table-wrap" label="Bookings, newest first">
          <table>
            <caption>Bookings, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Booking</th>
                <th scope="col">PNR</th>
                <th scope="col">Type</th>
                <th scope="col">Route</th>
                <th scope="col">Travel date</th>
                <th scope="col">Status</th>
                <th scope="col">Amount</th>
                <th scope="col">Booked</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((booking) => (
                <tr key={booking.id}>
                  <td>
                    <Link href={carry(`/bookings/${encodeURIComponent(booking.id)}`)}>{booking.id}</Link>
                  </td>
                  <td>{booking.pnr}</td>
                  <td>{booking.type}</td>
                  <td>{booking.route}</td>
                  <td>{booking.date}</td>
                  <td>{booking.status}</td>
                  <td>{formatMoney(booking.amount, booking.currency)}</td>
                  <td>
                    <time dateTime={booking.createdAt}>{formatTime(booking.createdAt)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      ) : null}
      {bookings.outcome?.ok && rows.length === 0 ? <p>No booking matches.</p> : null}
      {bookings.outcome?.ok && bookings.outcome.nextCursor ? (
        <button type="button" onClick={() => set({ cursor: bookings.outcome?.nextCursor ?? undefined })}>
          Older bookings
        </button>
      ) : null}
    </>
  );
}
