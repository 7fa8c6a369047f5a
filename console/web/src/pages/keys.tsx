import { useState } from 'react';
import { api, call, type Outcome, outcomeOf, type Schemas } from '../api/client';
import { ErrorNotice, LoadStatus } from '../ui/errors';
import { formatMoney, formatTime } from '../ui/format';
import { ModeSwitch } from '../ui/mode-switch';
import { useScope } from '../ui/scope';
import { ScrollRegion } from '../ui/scroll-region';
import { useMode } from '../ui/url-state';
import { useLoad } from '../ui/use-load';
import { CreateKeyForm, type IssuedSecret, SecretOnce } from './key-form';
import { RotateKeyForm } from './key-rotate';

type Client = Schemas['Client'];
type ApiKey = Schemas['ApiKey'];

/** The tenant's clients and their keys (tenant staff: `/admin/api-console`; platform: the platform's list). */
function loadClients(platform: boolean, tenantId: string) {
  if (!platform) return call<{ clients: Client[] }>('GET', '/admin/api-console', { query: { limit: '100' } });
  return call<{ clients: Client[] }>('GET', '/admin/api-access', { query: { limit: '100' } }).then(
    (outcome) =>
      outcome.ok && outcome.data
        ? { ...outcome, data: { clients: outcome.data.clients.filter((c) => c.tenantId === tenantId) } }
        : outcome,
  );
}

/** API keys: list, create (the secret shown once), rotate with an overlap, revoke; per mode. */
export function KeysPage() {
  const mode = useMode();
  const scope = useScope();
  const clients = useLoad(
    () => loadClients(scope.platform, scope.tenantId),
    [scope.platform, scope.tenantId],
  );
  const [issued, setIssued] = useState<IssuedSecret | null>(null);
  const [creating, setCreating] = useState<number | null>(null);
  const [rotating, setRotating] = useState<ApiKey | null>(null);
  const [failure, setFailure] = useState<Outcome<unknown> | null>(null);

  async function revoke(key: ApiKey) {
    if (!window.confirm(`Revoke the key "${key.name}"? Calls with it fail at once.`)) return;
    const outcome = outcomeOf(
      await api.POST('/admin/api-console/keys/{id}/revoke', { params: { path: { id: key.id } } }),
    );
    setFailure(outcome.ok ? null : outcome);
    clients.reload();
  }

  const list = clients.outcome?.data?.clients ?? [];
  return (
    <>
      <h1>API keys</h1>
      <ModeSwitch />
      {!scope.canWrite ? (
        <p className="notice">Read-only: platform staff see this tenant's keys but change none.</p>
      ) : null}
      {issued ? <SecretOnce issued={issued} onDone={() => setIssued(null)} /> : null}
      {failure && !failure.ok ? <ErrorNotice error={failure.error} status={failure.status} /> : null}
      <LoadStatus loaded={clients} what="keys" />
      {list.length === 0 && clients.outcome?.ok ? <p>This tenant has no API client yet.</p> : null}
      {list.map((client) => {
        const keys = client.keys.filter((key) => key.environment === mode);
        return (
          <section key={client.id} aria-labelledby={`client-${client.id}`} className="card">
            <h2 id={`client-${client.id}`}>
              {client.name} <span className="muted">(client {client.id})</span>
            </h2>
            {scope.canWrite && creating !== client.id ? (
              <button type="button" onClick={() => setCreating(client.id)}>
                Create key
              </button>
            ) : null}
            {creating === client.id ? (
              <CreateKeyForm
                clientId={client.id}
                mode={mode}
                onCancel={() => setCreating(null)}
                onIssued={(secret) => {
                  setIssued(secret);
                  setCreating(null);
                  clients.reload();
                }}
              />
            ) : null}
            {rotating && rotating.clientId === client.id ? (
              <RotateKeyForm
                apiKey={rotating}
                onCancel={() => setRotating(null)}
                onRotated={(secret) => {
                  setIssued(secret);
                  setRotating(null);
                  clients.reload();
                }}
              />
            ) : null}
            <ScrollRegion
              className="table-wrap"
              label={`${mode === 'live' ? 'Live' : 'Test'} keys of ${client.name}`}
            >
              <table>
                <caption>{mode === 'live' ? 'Live' : 'Test'} keys</caption>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Prefix</th>
                    <th scope="col">Status</th>
                    <th scope="col">Scopes</th>
                    <th scope="col">IP allow-list</th>
                    <th scope="col">Limits</th>
                    <th scope="col">Expires</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {keys.map((key) => (
                    <tr key={key.id}>
                      <td>
                        {key.name}
                        <br />
                        <code className="muted">{key.id}</code>
                      </td>
                      <td>
                        <code>{key.prefix}…</code>
                      </td>
                      <td>{key.status}</td>
                      <td>{key.scopes.join(', ')}</td>
                      <td>{key.ipAllowList.length > 0 ? key.ipAllowList.join(', ') : 'any address'}</td>
                      <td>
                        {key.rateLimit
                          ? `${key.rateLimit.limit} calls / ${key.rateLimit.windowSeconds} s`
                          : 'default rate'}
                        <br />
                        {key.spendingLimits.dailyLimit !== null
                          ? `${formatMoney(key.spendingLimits.dailyLimit)} a day`
                          : 'no daily limit'}
                      </td>
                      <td>
                        {key.expiresAt ? (
                          <time dateTime={key.expiresAt}>{formatTime(key.expiresAt)}</time>
                        ) : (
                          'never'
                        )}
                      </td>
                      <td>
                        {scope.canWrite && key.status === 'active' ? (
                          <div className="row-actions">
                            <button
                              type="button"
                              className="secondary"
                              aria-label={`Rotate ${key.name}`}
                              onClick={() => setRotating(key)}
                            >
                              Rotate
                            </button>
                            <button
                              type="button"
                              className="danger"
                              aria-label={`Revoke ${key.name}`}
                              onClick={() => void revoke(key)}
                            >
                              Revoke
                            </button>
                          </div>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
            {keys.length === 0 ? <p>No {mode} key.</p> : null}
          </section>
        );
      })}
    </>
  );
}
