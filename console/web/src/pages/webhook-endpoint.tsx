import type { Endpoint } from './webhook-api';

/** What can be done to one endpoint from its card (each button named with the endpoint's URL). */
export interface EndpointActions {
  deliveries(endpoint: Endpoint): void;
  edit(endpoint: Endpoint): void;
  toggle(endpoint: Endpoint): void;
  ping(endpoint: Endpoint): void;
  rotate(endpoint: Endpoint): void;
  recover(endpoint: Endpoint): void;
  remove(endpoint: Endpoint): void;
}

/** One endpoint: its URL, status, events and id; a button for its deliveries and one for each change. */
export function EndpointCard({ endpoint, actions }: { endpoint: Endpoint; actions: EndpointActions }) {
  const button = (label: string, name: string, act: (endpoint: Endpoint) => void) => (
    <button type="button" className="secondary" aria-label={label} onClick={() => act(endpoint)}>
      {name}
    </button>
  );
  return (
    <li className="card">
      <h2>{endpoint.url}</h2>
      <p>
        <span className={endpoint.enabled ? 'status status-2xx' : 'status status-4xx'}>
          {endpoint.enabled ? 'Enabled' : 'Disabled'}
        </span>{' '}
        {endpoint.disabledReason ? <span className="muted">({endpoint.disabledReason})</span> : null} ·{' '}
        {endpoint.events.length > 0 ? endpoint.events.join(', ') : 'every event'} · <code>{endpoint.id}</code>
      </p>
      <div className="row-actions">
        {button(`Deliveries to ${endpoint.url}`, 'Deliveries', actions.deliveries)}
        {button(`Edit ${endpoint.url}`, 'Edit', actions.edit)}
        {button(
          `${endpoint.enabled ? 'Disable' : 'Enable'} ${endpoint.url}`,
          endpoint.enabled ? 'Disable' : 'Enable',
          actions.toggle,
        )}
        {button(`Ping ${endpoint.url}`, 'Ping', actions.ping)}
        {button(`Rotate secret of ${endpoint.url}`, 'Rotate secret', actions.rotate)}
        {button(`Recover the last day's failed deliveries of ${endpoint.url}`, 'Recover', actions.recover)}
        {button(`Delete ${endpoint.url}`, 'Delete', actions.remove)}
      </div>
    </li>
  );
}
