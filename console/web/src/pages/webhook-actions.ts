import { useState } from 'react';
import type { Outcome } from '../api/client';
import { formatTime } from '../ui/format';
import type { IssuedSecret } from './key-form';
import {
  type ClientMode,
  deleteEndpoint,
  type Endpoint,
  type NewEndpoint,
  pingEndpoint,
  recoverDeliveries,
  registerEndpoint,
  rotateSecret,
  updateEndpoint,
} from './webhook-api';
import { attemptSummary } from './webhook-deliveries';
import type { EndpointActions } from './webhook-endpoint';

const DAY_MS = 86_400_000;
/** How long a replaced signing secret keeps signing beside the new one: the API's default, a day. */
const OVERLAP_SECONDS = DAY_MS / 1000;

/**
 * The changes to a client's endpoints and what the page shows of them: the secret issued (once), what a change
 * did, or the API's error. `reload` reads the endpoints again after each; `chosen` is the endpoint whose
 * deliveries are open, closed when it is deleted.
 */
export function useEndpointChanges(
  of: ClientMode,
  reload: () => void,
  chosen: { id: string; choose: (id: string | undefined) => void },
) {
  const [secret, setSecret] = useState<IssuedSecret | null>(null);
  const [failure, setFailure] = useState<Outcome<unknown> | null>(null);
  const [done, setDone] = useState('');
  const [editing, setEditing] = useState<Endpoint | 'new' | null>(null);
  const ref = (endpoint: Endpoint) => ({ ...of, id: endpoint.id });

  function settle<T>(outcome: Outcome<T>, said: (data: T) => string): Outcome<T> {
    setFailure(outcome.ok ? null : outcome);
    setDone(outcome.ok && outcome.data !== undefined ? said(outcome.data) : '');
    reload();
    return outcome;
  }

  async function save(body: NewEndpoint) {
    const outcome =
      editing === 'new' || editing === null
        ? settle(await registerEndpoint(of, body), (data) => `${data.url} is added.`)
        : settle(await updateEndpoint(ref(editing), body), (data) => `${data.url} is saved.`);
    if (!outcome.ok) return;
    setEditing(null);
    if (outcome.data && 'secret' in outcome.data && typeof outcome.data.secret === 'string')
      setSecret({ name: body.url, secret: outcome.data.secret });
  }

  const actions: EndpointActions = {
    deliveries: (endpoint) => chosen.choose(endpoint.id),
    edit: setEditing,
    toggle: async (endpoint) =>
      settle(await updateEndpoint(ref(endpoint), { enabled: !endpoint.enabled }), (data) =>
        data.enabled ? `${data.url} is enabled.` : `${data.url} is disabled.`,
      ),
    ping: async (endpoint) =>
      settle(
        await pingEndpoint(ref(endpoint)),
        (data) => `Ping to ${endpoint.url}: ${attemptSummary(data.attempt)}.`,
      ),
    rotate: async (endpoint) => {
      const outcome = settle(await rotateSecret(ref(endpoint), OVERLAP_SECONDS), (data) =>
        data.previousSecretExpiresAt
          ? `The previous secret of ${data.url} also signs until ${formatTime(data.previousSecretExpiresAt)}.`
          : '',
      );
      if (outcome.data) setSecret({ name: endpoint.url, secret: outcome.data.secret });
    },
    recover: async (endpoint) =>
      settle(
        await recoverDeliveries(ref(endpoint), new Date(Date.now() - DAY_MS).toISOString()),
        (data) => `${data.queued} failed deliveries to ${endpoint.url} are sent again.`,
      ),
    remove: async (endpoint) => {
      if (!window.confirm(`Delete the endpoint ${endpoint.url}? It receives nothing more.`)) return;
      const outcome = settle(await deleteEndpoint(ref(endpoint)), () => `${endpoint.url} is deleted.`);
      if (outcome.ok && chosen.id === endpoint.id) chosen.choose(undefined);
    },
  };
  return { actions, save, secret, clearSecret: () => setSecret(null), failure, done, editing, setEditing };
}
