import { type AuditActor, auditEntry } from '@travel/audit';
import type { paymentGateways } from '@travel/contracts';
import { AppError, badRequest, type FieldProblem } from '@travel/errors';
import type { Logger } from '@travel/logger';
import type { Counters } from '@travel/mongo';
import { numberCursor, PAGE_SIZE, type PageQuery, readPage } from '@travel/paging';
import type { PaymentGatewayRepository } from '../db/payment-gateway.repository';
import type { CredentialsCipher } from './credentials-cipher';
import {
  isSupported,
  type PaymentGateway,
  type PaymentGatewayView,
  type Provider,
  REQUIRED_CREDENTIALS,
  SUPPORTED_PROVIDERS,
  type SupportedProvider,
  viewOf,
} from './payment-gateway';

export interface GatewayAdminDeps {
  gateways: PaymentGatewayRepository;
  counters: Counters;
  cipher: CredentialsCipher;
  /** `PAYMENT_SIMULATOR`: whether a simulated gateway may be the default (docs/payments.md). */
  simulatorEnabled: boolean;
  now: () => Date;
  logger: Logger;
}

// The gateways' cursor: the number `n` of the last gateway shown (`pgw_<n>`).
const gatewayCursors = numberCursor('g1:');

const MAX_NAME = 100;
const MAX_FIELDS = 10;
const MAX_VALUE = 2000;

/**
 * The platform's payment gateways. Credentials are sealed before they are stored and never leave
 * billing: not in answers, not in logs, not in the audit entries stored with each change (they name the gateway
 * and which fields changed, never a credential field or value). Exactly one default: a single document names it, so `set-default` is one write.
 */
export function createPaymentGatewayAdmin(deps: GatewayAdminDeps) {
  /** A change's audit entry, stored with it (docs/decisions/audit.md): never a credential field or value. */
  const audit = (action: string, by: AuditActor, gatewayId: string, details: object = {}) =>
    auditEntry(
      by,
      { action, target: { type: 'payment_gateway', id: gatewayId }, details: { ...details } },
      deps.now(),
    );

  async function view(id: string): Promise<PaymentGatewayView> {
    const [gateway, defaultId] = await Promise.all([deps.gateways.find(id), deps.gateways.defaultId()]);
    if (!gateway) throw new AppError('not_found', `No payment gateway ${id}.`);
    return viewOf(gateway, defaultId);
  }

  async function findGateway(id: string): Promise<PaymentGateway> {
    const gateway = await deps.gateways.find(id);
    if (!gateway) throw new AppError('not_found', `No payment gateway ${id}.`);
    return gateway;
  }

  return {
    /**
     * One page, oldest first. The console loads the list whole, so a request without a limit gets the largest
     * page (docs/decisions/http-api.md, "Paged directory lists").
     */
    async list(query: PageQuery): Promise<{ items: PaymentGatewayView[]; nextCursor?: string }> {
      const [page, defaultId] = await Promise.all([
        readPage(
          query,
          gatewayCursors,
          (after, count) => deps.gateways.list(after, count),
          (gateway) => gateway.n,
          { defaultLimit: PAGE_SIZE.max },
        ),
        deps.gateways.defaultId(),
      ]);
      return { ...page, items: page.items.map(({ n: _, ...gateway }) => viewOf(gateway, defaultId)) };
    },

    async create(
      request: paymentGateways.CreatePaymentGatewayRequest,
      by: AuditActor,
    ): Promise<PaymentGatewayView> {
      const problems = [
        ...providerProblems(request.provider),
        ...nameProblems(request.displayName),
        ...credentialProblems(request.credentials),
        ...requiredCredentialProblems(request.provider, request.credentials),
      ];
      if (problems.length > 0) throw badRequest(problems);
      const n = await deps.counters.next('payment_gateway');
      const at = deps.now();
      const id = `pgw_${n}`;
      const credentials =
        Object.keys(request.credentials).length > 0 ? deps.cipher.seal(id, request.credentials) : null;
      await deps.gateways.insert(
        {
          id,
          provider: request.provider as Provider,
          displayName: request.displayName.trim(),
          credentials,
          createdAt: at,
          updatedAt: at,
        },
        n,
        audit('payment_gateway.created', by, id, {
          provider: request.provider,
          displayName: request.displayName.trim(),
        }),
      );
      return view(id);
    },

    async update(
      request: paymentGateways.UpdatePaymentGatewayRequest,
      by: AuditActor,
    ): Promise<PaymentGatewayView> {
      const stored = await findGateway(request.id);
      const problems = [
        ...providerProblems(stored.provider),
        ...(request.displayName === undefined ? [] : nameProblems(request.displayName)),
        ...(request.replaceCredentials
          ? [
              ...credentialProblems(request.credentials),
              ...requiredCredentialProblems(stored.provider, request.credentials),
            ]
          : []),
      ];
      if (problems.length > 0) throw badRequest(problems);
      const change = {
        ...(request.displayName === undefined ? {} : { displayName: request.displayName.trim() }),
        ...(request.replaceCredentials
          ? {
              credentials:
                Object.keys(request.credentials).length > 0
                  ? deps.cipher.seal(request.id, request.credentials)
                  : null,
            }
          : {}),
      };
      const entry = audit('payment_gateway.updated', by, request.id, {
        ...(change.displayName === undefined ? {} : { displayName: change.displayName }),
        credentialsReplaced: request.replaceCredentials === true,
      });
      const updated = await deps.gateways.update(request.id, change, deps.now(), entry);
      if (!updated) throw new AppError('not_found', `No payment gateway ${request.id}.`);
      return view(request.id);
    },

    async remove(request: paymentGateways.DeletePaymentGatewayRequest, by: AuditActor): Promise<void> {
      if (!(await deps.gateways.remove(request.id, audit('payment_gateway.deleted', by, request.id))))
        throw new AppError('not_found', `No payment gateway ${request.id}.`);
      // A deleted gateway is nobody's default: card payments are refused until one is set (docs/payments.md).
      await deps.gateways.clearDefault(request.id, deps.now());
    },

    async setDefault(
      request: paymentGateways.SetDefaultPaymentGatewayRequest,
      by: AuditActor,
    ): Promise<PaymentGatewayView> {
      const problems = defaultProblems(await findGateway(request.id), deps.simulatorEnabled);
      if (problems.length > 0) throw badRequest(problems);
      await deps.gateways.setDefault(
        request.id,
        deps.now(),
        audit('payment_gateway.default_set', by, request.id),
      );
      return view(request.id);
    },
  };
}

export type PaymentGatewayAdmin = ReturnType<typeof createPaymentGatewayAdmin>;

/** Only providers billing has an adapter for; a stored gateway of another one can only be deleted. */
function providerProblems(provider: string): FieldProblem[] {
  return isSupported(provider)
    ? []
    : [
        {
          path: 'provider',
          message: `${provider.slice(0, 40)} has no adapter: must be one of ${SUPPORTED_PROVIDERS.join(', ')}`,
        },
      ];
}

/**
 * Payments go through the default: one with no adapter, or without the credentials it needs, could take none;
 * nor could the simulator where it is off (production).
 */
function defaultProblems(gateway: PaymentGateway, simulatorEnabled: boolean): FieldProblem[] {
  const provider = providerProblems(gateway.provider);
  if (provider.length > 0) return provider;
  if (gateway.provider === 'simulated' && !simulatorEnabled)
    return [
      { path: 'provider', message: 'simulated cannot be the default: the payment simulator is off here' },
    ];
  const needed = REQUIRED_CREDENTIALS[gateway.provider as SupportedProvider];
  return needed.length > 0 && !gateway.credentials
    ? [{ path: 'credentials', message: `are required before a ${gateway.provider} gateway is the default` }]
    : [];
}

/**
 * The fields the provider's adapter needs, when credentials are given: one problem on `credentials` naming
 * the missing fields (names only, never values).
 */
function requiredCredentialProblems(provider: string, credentials: Record<string, string>): FieldProblem[] {
  if (!isSupported(provider) || Object.keys(credentials).length === 0) return [];
  const missing = REQUIRED_CREDENTIALS[provider].filter((field) => !credentials[field]);
  return missing.length === 0
    ? []
    : [{ path: 'credentials', message: `a ${provider} gateway's need ${missing.join(' and ')}` }];
}

function nameProblems(name: string): FieldProblem[] {
  const trimmed = name.trim();
  return trimmed.length >= 1 && trimmed.length <= MAX_NAME
    ? []
    : [{ path: 'displayName', message: `must be 1 to ${MAX_NAME} characters` }];
}

function credentialProblems(credentials: Record<string, string>): FieldProblem[] {
  const entries = Object.entries(credentials);
  if (entries.length > MAX_FIELDS)
    return [{ path: 'credentials', message: `must have at most ${MAX_FIELDS} fields` }];
  // A problem names the field, never its value.
  return entries.flatMap(([field, value]) =>
    /^[A-Za-z][A-Za-z0-9_]{0,39}$/.test(field) && value.length >= 1 && value.length <= MAX_VALUE
      ? []
      : [
          {
            path: `credentials.${field.slice(0, 40)}`,
            message: `must be a non-empty string of at most ${MAX_VALUE} characters under a simple name`,
          },
        ],
  );
}
