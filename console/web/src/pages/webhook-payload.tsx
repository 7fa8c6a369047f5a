import { useId, useState } from 'react';
import type { Outcome } from '../api/client';
import { ErrorNotice, Loading } from '../ui/errors';
import { JsonBlock } from '../ui/scroll-region';
import { type ClientMode, type Delivery, type FeedEvent, readEvent } from './webhook-api';

/**
 * A delivery's payload behind a disclosure: the deliveries answer names the event only, so the event is read from
 * the client's feed when the disclosure is first opened (a page of deliveries costs no call per delivery). A read
 * that failed is tried again on the next opening.
 */
export function DeliveryPayload({ client, delivery }: { client: ClientMode; delivery: Delivery }) {
  const [open, setOpen] = useState(false);
  const [payload, setPayload] = useState<Outcome<FeedEvent> | null>(null);
  const regionId = useId();
  async function toggle() {
    const opening = !open;
    setOpen(opening);
    if (!opening || payload?.ok) return;
    setPayload(null);
    setPayload(await readEvent(client, delivery.eventId));
  }
  return (
    <div className="payload">
      <button
        type="button"
        className="secondary"
        aria-expanded={open}
        aria-controls={regionId}
        aria-label={`Payload of ${delivery.id}`}
        onClick={() => void toggle()}
      >
        Payload
      </button>
      <div id={regionId} hidden={!open}>
        {open && payload === null ? <Loading what="payload" /> : null}
        {payload && !payload.ok ? <ErrorNotice error={payload.error} status={payload.status} /> : null}
        {payload?.ok ? <JsonBlock label={`Payload of ${delivery.id}`} value={payload.data} /> : null}
      </div>
    </div>
  );
}
