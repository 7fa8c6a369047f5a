import { issueApiKey } from '@travel/api-keys';
import { badRequest } from '@travel/errors';
import { auditActorOf, entryOf } from '../audit/audit';
import type { StaffActor } from '../staff/staff';
import { type ApiKeyView, keyViewOf, NO_SPENDING_LIMITS, type RateLimit } from './api-key';
import { isKeyEnvironment, keySettingsProblems, normaliseAllowList, normaliseScopes } from './key-settings';
import { assertManages, type KeyChangeDeps } from './key-views';

export type CreateKeyDeps = Pick<KeyChangeDeps, 'clients' | 'keys' | 'changes' | 'now'>;

export interface CreateKeyInput {
  actor: StaffActor;
  clientId: number;
  name?: string | undefined;
  scopes: string[];
  environment?: string | undefined;
  ipAllowList: string[];
  expiresAt?: Date | undefined;
  rateLimit?: RateLimit | undefined;
}

/** The key with its secret: this answer and a rotation's are the only places the secret ever appears. */
export interface KeyWithSecret {
  key: ApiKeyView;
  secret: string;
}

/** Issues a key for a client (either console): only its SHA-256 and prefix are stored, with the key's audit entry. */
export function createCreateKey({ clients, keys, changes, now }: CreateKeyDeps) {
  return async function createKey(input: CreateKeyInput): Promise<KeyWithSecret> {
    const at = now();
    const environment = input.environment ?? 'live';
    const problems = keySettingsProblems({ ...input, environment }, at);
    if (problems.length > 0 || !isKeyEnvironment(environment)) throw badRequest(problems);
    const client = await clients.findById(input.clientId);
    // Platform staff issue keys for any client, tenant staff for their own tenant's clients only.
    assertManages(input.actor, client, 'API client');
    const issued = issueApiKey(environment);
    const fields = {
      clientId: client.id,
      name: input.name?.trim() ?? '',
      prefix: issued.prefix,
      hash: issued.hash,
      scopes: normaliseScopes(input.scopes),
      environment,
      ipAllowList: normaliseAllowList(input.ipAllowList),
      expiresAt: input.expiresAt ?? null,
      rateLimit: input.rateLimit ?? null,
      spendingLimits: NO_SPENDING_LIMITS,
      createdAt: at,
    };
    const key = await keys.create(fields, ({ hash: _hash, ...visible }) =>
      entryOf(
        {
          ...auditActorOf(input.actor),
          action: 'api_key.created',
          target: { type: 'api_key', id: visible.id },
          details: { ...visible },
        },
        at,
      ),
    );
    await changes.announceCreated('api_key', key.id);
    return { key: keyViewOf(key, [], at), secret: issued.secret };
  };
}
