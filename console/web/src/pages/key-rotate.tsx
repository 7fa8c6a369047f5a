import { type FormEvent, useState } from 'react';
import { api, type ErrorEnvelope, type Schemas } from '../api/client';
import { ErrorNotice } from '../ui/errors';
import { FormActions } from '../ui/form-actions';
import type { IssuedSecret } from './key-form';

/** Rotate: a new secret at once; the old one keeps working for the overlap chosen (0 to 7 days). */
export function RotateKeyForm({
  apiKey,
  onRotated,
  onCancel,
}: {
  apiKey: Schemas['ApiKey'];
  onRotated: (issued: IssuedSecret) => void;
  onCancel: () => void;
}) {
  const [failure, setFailure] = useState<{ status: number; error?: ErrorEnvelope['error'] } | null>(null);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const graceSeconds = Number(new FormData(event.currentTarget).get('graceSeconds') ?? 0);
    const { data, error, response } = await api.POST('/admin/api-console/keys/{id}/rotate', {
      params: { path: { id: apiKey.id } },
      body: { graceSeconds },
    });
    if (data) onRotated({ name: data.data.name, secret: data.data.secret });
    else
      setFailure({ status: response.status, error: (error as unknown as ErrorEnvelope | undefined)?.error });
  }
  return (
    <form className="stack card" onSubmit={submit} aria-label={`Rotate ${apiKey.name}`}>
      <h3>Rotate {apiKey.name}</h3>
      <label>
        Overlap in seconds
        <input
          name="graceSeconds"
          type="number"
          min={0}
          max={604800}
          defaultValue={3600}
          aria-describedby="overlap-help"
        />
      </label>
      <p id="overlap-help" className="muted">
        How long the old secret keeps working beside the new one (up to 604800, a week).
      </p>
      {failure ? <ErrorNotice error={failure.error} status={failure.status} /> : null}
      <FormActions submit="Rotate key" onCancel={onCancel} />
    </form>
  );
}
