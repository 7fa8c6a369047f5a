import { type FormEvent, useState } from 'react';
import { api, type Outcome, outcomeOf, type Schemas } from '../api/client';
import { ErrorNotice } from '../ui/errors';
import { FormActions } from '../ui/form-actions';

const SCOPES: Schemas['Scope'][] = [
  'search:read',
  'pricing:read',
  'bookings:read',
  'bookings:write',
  'invoices:read',
  'webhooks:manage',
];

export interface IssuedSecret {
  name: string;
  secret: string;
}

const numberOrNull = (value: FormDataEntryValue | null) => {
  const text = String(value ?? '').trim();
  return text === '' ? null : Number(text);
};

/** A new key of one client: scopes, IP allow-list, expiry, rate and spending limits, in the page's mode. */
export function CreateKeyForm({
  clientId,
  mode,
  onIssued,
  onCancel,
}: {
  clientId: number;
  mode: 'live' | 'test';
  onIssued: (issued: IssuedSecret) => void;
  onCancel: () => void;
}) {
  const [failure, setFailure] = useState<Outcome<unknown> | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const rate = numberOrNull(form.get('rateLimit'));
    const expires = String(form.get('expiresAt') ?? '');
    const body = {
      name: String(form.get('name') ?? '').trim(),
      environment: form.get('environment') === 'test' ? ('test' as const) : ('live' as const),
      scopes: form.getAll('scopes').map(String) as Schemas['Scope'][],
      ipAllowList: String(form.get('ipAllowList') ?? '')
        .split(/[\s,]+/)
        .filter(Boolean),
      ...(expires ? { expiresAt: new Date(expires).toISOString() } : {}),
      ...(rate !== null ? { rateLimit: { limit: rate, windowSeconds: 60 } } : {}),
    };
    setBusy(true);
    const created = outcomeOf(
      await api.POST('/admin/api-console/clients/{id}/keys', {
        params: { path: { id: String(clientId) } },
        body,
      }),
    );
    if (!created.ok || !created.data) {
      setBusy(false);
      setFailure(created);
      return;
    }
    const dailyLimit = numberOrNull(form.get('dailyLimit'));
    const perBookingLimit = numberOrNull(form.get('perBookingLimit'));
    if (dailyLimit !== null || perBookingLimit !== null) {
      const limits = outcomeOf(
        await api.PUT('/admin/api-console/keys/{id}/spending-limits', {
          params: { path: { id: created.data.id } },
          body: { dailyLimit, perBookingLimit },
        }),
      );
      if (!limits.ok) setFailure(limits);
    }
    setBusy(false);
    onIssued({ name: created.data.name, secret: created.data.secret });
  }
  return (
    <form className="stack" onSubmit={submit} aria-label="Create key">
      <h3>New key</h3>
      <label>
        Name
        <input name="name" required maxLength={100} />
      </label>
      <fieldset>
        <legend>Environment</legend>
        <label className="inline">
          <input type="radio" name="environment" value="live" defaultChecked={mode === 'live'} /> Live
        </label>
        <label className="inline">
          <input type="radio" name="environment" value="test" defaultChecked={mode === 'test'} /> Test
        </label>
      </fieldset>
      <fieldset>
        <legend>Scopes</legend>
        {SCOPES.map((scope) => (
          <label key={scope} className="inline">
            <input type="checkbox" name="scopes" value={scope} defaultChecked={scope.endsWith(':read')} />{' '}
            {scope}
          </label>
        ))}
      </fieldset>
      <label>
        IP allow-list
        <textarea name="ipAllowList" rows={2} aria-describedby="ip-help" />
      </label>
      <p id="ip-help" className="muted">
        Addresses or CIDR ranges, one per line; empty lets any address call.
      </p>
      <label>
        Expires at
        <input name="expiresAt" type="datetime-local" />
      </label>
      <label>
        Rate limit (calls per minute)
        <input name="rateLimit" type="number" min={1} max={100000} />
      </label>
      <label>
        Daily spending limit (INR)
        <input name="dailyLimit" type="number" min={1} />
      </label>
      <label>
        Per-booking spending limit (INR)
        <input name="perBookingLimit" type="number" min={1} />
      </label>
      {failure && !failure.ok ? <ErrorNotice error={failure.error} status={failure.status} /> : null}
      <FormActions submit="Create key" onCancel={onCancel} busy={busy} />
    </form>
  );
}

/**
 * A secret just issued or rotated, shown here once and never again: a key's (only its hash is kept) or a webhook
 * endpoint's signing secret (kept sealed, to sign with).
 */
export function SecretOnce({
  issued,
  onDone,
  title = "Your new key's secret",
}: {
  issued: IssuedSecret;
  onDone: () => void;
  title?: string;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <section className="card secret" aria-labelledby="secret-title" role="alert">
      <h2 id="secret-title">{title}</h2>
      <p>
        Copy the secret of <strong>{issued.name}</strong> now: it is shown only once and cannot be shown
        again.
      </p>
      <label>
        Secret
        <input readOnly value={issued.secret} onFocus={(event) => event.currentTarget.select()} />
      </label>
      <div className="actions">
        <button
          type="button"
          className="secondary"
          onClick={() =>
            void navigator.clipboard?.writeText(issued.secret).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copied' : 'Copy secret'}
        </button>
        <button type="button" onClick={onDone}>
          I have saved the secret
        </button>
      </div>
    </section>
  );
}
