import type { FormEvent } from 'react';
import { FormActions } from '../ui/form-actions';
import type { Endpoint, EventType, NewEndpoint } from './webhook-api';

const EVENT_TYPES: readonly EventType[] = ['booking.created', 'booking.cancelled', 'invoice.paid'];

/** Add an endpoint, or change one's URL and events (none ticked: every event). */
export function EndpointForm({
  endpoint,
  onSave,
  onCancel,
}: {
  endpoint: Endpoint | null;
  onSave: (body: NewEndpoint) => Promise<void>;
  onCancel: () => void;
}) {
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const ticked = form.getAll('events').map(String);
    await onSave({
      url: String(form.get('url') ?? '').trim(),
      events: EVENT_TYPES.filter((type) => ticked.includes(type)),
    });
  }
  const title = endpoint ? `Edit ${endpoint.url}` : 'Add endpoint';
  return (
    <form className="card stack" onSubmit={submit} aria-label={title}>
      <h2>{endpoint ? 'Edit endpoint' : 'New endpoint'}</h2>
      <label>
        Endpoint URL
        <input name="url" type="url" required defaultValue={endpoint?.url ?? ''} />
      </label>
      <fieldset>
        <legend>Events (none: every event)</legend>
        {EVENT_TYPES.map((type) => (
          <label key={type} className="inline">
            <input
              type="checkbox"
              name="events"
              value={type}
              defaultChecked={endpoint?.events.includes(type)}
            />{' '}
            {type}
          </label>
        ))}
      </fieldset>
      <FormActions submit="Save endpoint" onCancel={onCancel} />
    </form>
  );
}
