import type { apiAccess, audit, billing, pricing, staff, tenants } from '@travel/contracts';

// Proto messages → the internal API's JSON shapes (internal.yaml). Absent optionals become null.

const iso = (date: Date | undefined) => (date ? date.toISOString() : null);

export function presentKey(key: apiAccess.ApiKey) {
  return {
    id: key.id,
    clientId: key.clientId,
    name: key.name,
    prefix: key.prefix,
    scopes: key.scopes,
    environment: key.environment,
    ipAllowList: key.ipAllowList,
    expiresAt: iso(key.expiresAt),
    status: key.status,
    revokedAt: iso(key.revokedAt),
    rateLimit: key.rateLimit ?? null,
    createdAt: iso(key.createdAt),
    replacedBy: key.replacedBy ?? null,
    spendingLimits: {
      dailyLimit: key.spendingLimits?.dailyLimit ?? null,
      perBookingLimit: key.spendingLimits?.perBookingLimit ?? null,
    },
  };
}

export function presentIssuedKey(issued: apiAccess.IssuedKey | undefined) {
  if (!issued?.key) throw new Error('identity answered no issued key');
  return { ...presentKey(issued.key), secret: issued.secret };
}

export function presentClient(client: apiAccess.ApiClient | undefined) {
  if (!client) throw new Error('identity answered no client');
  return {
    id: client.id,
    name: client.name,
    tenantId: client.tenantId ?? null,
    status: client.status,
    createdAt: iso(client.createdAt),
    keys: client.keys.map(presentKey),
  };
}

export function presentSettings(settings: apiAccess.ApiSettings | undefined) {
  if (!settings?.defaultRateLimit) throw new Error('identity answered no settings');
  return {
    apiEnabled: settings.apiEnabled,
    disabledScopes: settings.disabledScopes,
    defaultRateLimit: settings.defaultRateLimit,
  };
}

export function presentTenant(tenant: tenants.Tenant | undefined) {
  if (!tenant) throw new Error('identity answered no tenant');
  return {
    id: tenant.id,
    name: tenant.name,
    status: tenant.status,
    contactEmail: tenant.contactEmail ?? null,
    createdAt: iso(tenant.createdAt),
    updatedAt: iso(tenant.updatedAt),
  };
}

export function presentUser(user: staff.StaffUser | undefined) {
  if (!user) throw new Error('identity answered no user');
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    tenantId: user.tenantId ?? null,
    roleId: user.roleId,
    status: user.status,
    createdAt: iso(user.createdAt),
  };
}

export function presentProfile(profile: staff.StaffProfile | undefined) {
  if (!profile) throw new Error('identity answered no profile');
  return {
    ...presentUser(profile.user),
    roleName: profile.roleName,
    permissions: profile.rights,
    platform: profile.platform,
  };
}

export function presentTokens(tokens: staff.SessionTokens | undefined) {
  if (!tokens) throw new Error('identity answered no tokens');
  return {
    token: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    expiresIn: tokens.expiresIn,
    user: presentProfile(tokens.profile),
  };
}

export function presentRole(role: staff.Role | undefined) {
  if (!role) throw new Error('identity answered no role');
  return {
    id: role.id,
    name: role.name,
    tenantId: role.tenantId ?? null,
    permissions: role.rights,
    builtIn: role.builtIn,
    createdAt: iso(role.createdAt),
  };
}

export function presentAuditEntry(entry: audit.AuditEntry) {
  return {
    id: entry.id,
    at: iso(entry.at),
    actor: {
      userId: entry.actorUserId ?? null,
      email: entry.actorEmail,
      tenantId: entry.actorTenantId ?? null,
    },
    action: entry.action,
    target: { type: entry.targetType, id: entry.targetId },
    details: entry.detailsJson ? (JSON.parse(entry.detailsJson) as unknown) : {},
    ip: entry.ip,
    requestId: entry.requestId,
  };
}

export function presentUsageRow(row: apiAccess.UsageRow) {
  return {
    day: row.day,
    clientId: row.clientId,
    keyId: row.keyId,
    route: row.route,
    requests: row.requests,
    clientErrors: row.clientErrors,
    serverErrors: row.serverErrors,
    averageLatencyMs: row.averageLatencyMs,
    maxLatencyMs: row.maxLatencyMs,
  };
}

export function presentRule(rule: pricing.PricingRule | undefined) {
  if (!rule) throw new Error('pricing answered no rule');
  return {
    id: rule.id,
    kind: rule.kind,
    tenantId: rule.tenantId ?? null,
    service: rule.service ?? null,
    bps: rule.bps,
    createdAt: iso(rule.createdAt),
    updatedAt: iso(rule.updatedAt),
  };
}

export function presentInvoice(invoice: billing.Invoice | undefined) {
  if (!invoice) throw new Error('billing answered no invoice');
  return {
    id: invoice.id,
    number: invoice.number,
    tenantId: invoice.tenantId,
    amount: invoice.amount,
    paidAmount: invoice.paidAmount,
    status: invoice.status,
    dueDate: invoice.dueDate,
    createdAt: iso(invoice.createdAt),
    payments: invoice.payments.map((payment) => ({
      amount: payment.amount,
      method: payment.method,
      reference: payment.reference ?? null,
      receivedAt: iso(payment.receivedAt),
    })),
    lines: invoice.lines.map(({ id, bookingId, pnr, route, date, amount, simulated }) => ({
      id,
      bookingId,
      pnr,
      route,
      date,
      amount,
      simulated,
    })),
  };
}
