import { ErrorNotice, LoadStatus } from '../ui/errors';
import { ModeSwitch } from '../ui/mode-switch';
import { useScope } from '../ui/scope';
import { useMode, useUrlState } from '../ui/url-state';
import { useLoad } from '../ui/use-load';
import { ClientPicker, useClientChoice } from './clients';
import { SecretOnce } from './key-form';
import { useEndpointChanges } from './webhook-actions';
import { listEndpoints } from './webhook-api';
import { Deliveries } from './webhook-deliveries';
import { EndpointCard } from './webhook-endpoint';
import { EndpointForm } from './webhook-form';

/** Webhooks: a tenant's staff only (the routes answer platform staff `403`). */
export function WebhooksPage() {
  return useScope().platform ? <NotForPlatformStaff /> : <TenantWebhooks />;
}

function NotForPlatformStaff() {
  return (
    <>
      <h1>Webhooks</h1>
      <p className="notice">
        A tenant's webhook endpoints and their deliveries are managed by the tenant's own staff, here, and by
        its partners through the partner API. Platform staff have no view of them in the console, not even
        read-only.
      </p>
    </>
  );
}

/** The webhook endpoints of one client in one mode, and one endpoint's deliveries (`?endpoint=`). */
function TenantWebhooks() {
  const mode = useMode();
  const { get, set } = useUrlState();
  const { clients, clientId, choose } = useClientChoice();
  const endpoints = useLoad(
    () =>
      clientId ? listEndpoints({ clientId, mode }) : Promise.resolve({ ok: true, status: 200, data: [] }),
    [clientId, mode],
  );
  const chosen = get('endpoint');
  const changes = useEndpointChanges({ clientId, mode }, endpoints.reload, {
    id: chosen,
    choose: (id) => set({ endpoint: id }),
  });
  const list = endpoints.outcome?.data ?? [];
  const clientList = clients.outcome?.data?.clients ?? [];
  return (
    <>
      <h1>Webhooks</h1>
      <div className="toolbar">
        <ModeSwitch />
        <ClientPicker clients={clientList} clientId={clientId} choose={choose} />
      </div>
      {changes.secret ? (
        <SecretOnce
          issued={changes.secret}
          onDone={changes.clearSecret}
          title="The endpoint's new signing secret"
        />
      ) : null}
      <p role="status">{changes.done}</p>
      {changes.failure && !changes.failure.ok ? (
        <ErrorNotice error={changes.failure.error} status={changes.failure.status} />
      ) : null}
      {clientId && changes.editing === null ? (
        <button type="button" onClick={() => changes.setEditing('new')}>
          Add endpoint
        </button>
      ) : null}
      {changes.editing !== null ? (
        <EndpointForm
          endpoint={changes.editing === 'new' ? null : changes.editing}
          onCancel={() => changes.setEditing(null)}
          onSave={changes.save}
        />
      ) : null}
      <LoadStatus loaded={clients} what="API clients" />
      <LoadStatus loaded={endpoints} what="endpoints" />
      {clients.outcome?.ok && !clientId ? (
        <p>This tenant has no API client yet: endpoints belong to one.</p>
      ) : null}
      {clientId && endpoints.outcome?.ok && list.length === 0 ? <p>No {mode} webhook endpoint.</p> : null}
      <ul className="cards">
        {list.map((endpoint) => (
          <EndpointCard key={endpoint.id} endpoint={endpoint} actions={changes.actions} />
        ))}
      </ul>
      {chosen && clientId ? (
        <Deliveries
          endpoint={{ clientId, mode, id: chosen }}
          url={list.find((endpoint) => endpoint.id === chosen)?.url ?? ''}
        />
      ) : null}
    </>
  );
}
