import { api, listOutcomeOf } from '../api/client';
import { LoadStatus } from '../ui/errors';
import { formatTime } from '../ui/format';
import { ModeSwitch } from '../ui/mode-switch';
import { JsonBlock, ScrollRegion } from '../ui/scroll-region';
import { useMode, useUrlState } from '../ui/url-state';
import { useLoad } from '../ui/use-load';
import { ClientPicker, useClientChoice } from './clients';

/** The client's feed in one mode, a page at a time (the tenant's own clients only; another's is 404). */
async function listEvents(clientId: string, mode: 'live' | 'test', cursor: string) {
  return listOutcomeOf(
    await api.GET('/admin/api-console/clients/{id}/events', {
      params: { path: { id: clientId }, query: { environment: mode, ...(cursor ? { cursor } : {}) } },
    }),
  );
}

/** The client's event feed in one mode, by its sequence (what webhooks deliver, readable again). */
export function EventsPage() {
  const mode = useMode();
  const { get, set } = useUrlState();
  const { clients, clientId, choose } = useClientChoice();
  const cursor = get('cursor');
  const events = useLoad(
    () =>
      clientId ? listEvents(clientId, mode, cursor) : Promise.resolve({ ok: true, status: 200, data: [] }),
    [clientId, mode, cursor],
  );
  return (
    <>
      <h1>Events</h1>
      <div className="toolbar">
        <ModeSwitch />
        <ClientPicker clients={clients.outcome?.data?.clients ?? []} clientId={clientId} choose={choose} />
      </div>
      <LoadStatus loaded={events} what="events" />
      {events.outcome?.ok ? (
        <ScrollRegion className="table-wrap" label="The event feed">
          <table>
            <caption>The event feed</caption>
            <thead>
              <tr>
                <th scope="col">Sequence</th>
                <th scope="col">Type</th>
                <th scope="col">Created</th>
                <th scope="col">Event id</th>
                <th scope="col">Data</th>
              </tr>
            </thead>
            <tbody>
              {(events.outcome.data ?? []).map((event) => (
                <tr key={event.id}>
                  <td>{event.sequence}</td>
                  <td>{event.type}</td>
                  <td>
                    <time dateTime={event.created}>{formatTime(event.created)}</time>
                  </td>
                  <td>
                    <code>{event.id}</code>
                  </td>
                  <td>
                    <details>
                      <summary>Data</summary>
                      <JsonBlock label={`Data of ${event.id}`} value={event.data} />
                    </details>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      ) : null}
      {events.outcome?.ok && events.outcome.nextCursor ? (
        <button type="button" onClick={() => set({ cursor: events.outcome?.nextCursor ?? undefined })}>
          Older events
        </button>
      ) : null}
    </>
  );
}
