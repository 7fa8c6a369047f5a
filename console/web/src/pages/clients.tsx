import { call, type Schemas } from '../api/client';
import { useScope } from '../ui/scope';
import { useUrlState } from '../ui/url-state';
import { type Loaded, useLoad } from '../ui/use-load';

/**
 * The tenant's API clients, for the pages whose data belongs to one client (webhooks, events): the chosen one
 * is the URL's `client`, else the first.
 */
export function useClientChoice(): {
  clients: Loaded<{ clients: Schemas['Client'][] }>;
  clientId: string;
  choose: (id: string) => void;
} {
  const scope = useScope();
  const { get, set } = useUrlState();
  const clients = useLoad(
    () =>
      call<{ clients: Schemas['Client'][] }>(
        'GET',
        scope.platform ? '/admin/api-access' : '/admin/api-console',
        { query: { limit: '100' } },
      ),
    [scope.platform],
  );
  const list = (clients.outcome?.data?.clients ?? []).filter(
    (client) => !scope.platform || client.tenantId === scope.tenantId,
  );
  const clientId = get('client') || (list[0] ? String(list[0].id) : '');
  return { clients, clientId, choose: (id) => set({ client: id }) };
}

export function ClientPicker({
  clients,
  clientId,
  choose,
}: {
  clients: Schemas['Client'][];
  clientId: string;
  choose: (id: string) => void;
}) {
  if (clients.length <= 1) return null;
  return (
    <label>
      API client
      <select value={clientId} onChange={(event) => choose(event.target.value)}>
        {clients.map((client) => (
          <option key={client.id} value={String(client.id)}>
            {client.name}
          </option>
        ))}
      </select>
    </label>
  );
}
