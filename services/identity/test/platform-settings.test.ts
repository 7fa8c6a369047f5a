import { platformSettings } from '@travel/contracts';
import type { ServiceClient } from '@travel/grpc';
import { createServiceClient, waitFor } from '@travel/testkit';
import { ADMIN, actorOf, type IdentityUnderTest, login, startIdentity } from './staff.fixture';

let identity: IdentityUnderTest;
let client: ServiceClient<typeof platformSettings.PlatformSettingsServiceDefinition>;
let admin: ReturnType<typeof actorOf>;

beforeAll(async () => {
  identity = await startIdentity();
  client = createServiceClient(platformSettings.PlatformSettingsServiceDefinition, identity.service.address, {
    deadlineMs: 10_000,
  });
  admin = actorOf((await login(identity, ADMIN.email, ADMIN.password)).profile);
});
afterAll(async () => {
  await identity.stop();
});

const from = (ip: string) => ({ ...admin, ip });
const auditActions = async () =>
  (await identity.audit.listAuditEntries({ caller: admin, limit: 100 })).entries.map((entry) => entry.action);

describe('platform settings', () => {
  it('when nothing was saved, then the defaults answer with the storefront on', async () => {
    const { settings } = await client.getPlatformSettings({});
    expect(settings).toMatchObject({ siteName: 'Partner Travel', storefrontEnabled: true });
  });

  it('when the administrator switches the storefront off, then it is stored, audited, and other fields stay', async () => {
    await client.updatePlatformSettings({
      caller: admin,
      siteName: 'Yatra Desk',
      supportPhone: '+91 22 4000 1234',
    });
    const { settings } = await client.updatePlatformSettings({ caller: admin, storefrontEnabled: false });
    expect(settings).toMatchObject({
      siteName: 'Yatra Desk',
      supportPhone: '+91 22 4000 1234',
      storefrontEnabled: false,
    });
    expect((await client.getPlatformSettings({})).settings?.storefrontEnabled).toBe(false);
    // Relayed through audit.entries (docs/decisions/audit.md): it shows once identity's consumer has it.
    await waitFor(async () => expect(await auditActions()).toContain('platform_settings.updated'), {
      timeoutMs: 20_000,
    });
    await client.updatePlatformSettings({ caller: admin, storefrontEnabled: true });
  });

  it('when a field is invalid, then bad_request and nothing changes', async () => {
    await expect(
      client.updatePlatformSettings({ caller: admin, supportEmail: 'not-mail', siteName: '  ' }),
    ).rejects.toMatchObject({ code: 'bad_request' });
    expect((await client.getPlatformSettings({})).settings?.siteName).toBe('Yatra Desk');
  });

  it('when tenant staff try, then forbidden', async () => {
    await expect(
      client.updatePlatformSettings({ caller: { ...admin, tenantId: 'ten_1' }, storefrontEnabled: false }),
    ).rejects.toMatchObject({ code: 'forbidden' });
  });
});

describe('console IP rules', () => {
  afterEach(async () => {
    // Deny rules first, then allow rules newest first: the first rule (which admits the remover) goes last.
    const { rules } = await client.listConsoleIpRules({});
    const ordered = [
      ...rules.filter((r) => r.action === 'deny'),
      ...rules.filter((r) => r.action === 'allow').reverse(),
    ];
    for (const rule of ordered) await client.deleteConsoleIpRule({ caller: from('10.0.0.1'), id: rule.id });
  });

  it('when an allow rule excludes the saving address, then it is conflict and nothing is stored', async () => {
    await expect(
      client.createConsoleIpRule({
        caller: from('203.0.113.9'),
        action: 'allow',
        cidr: '10.0.0.0/8',
        note: '',
      }),
    ).rejects.toMatchObject({ code: 'conflict' });
    expect((await client.listConsoleIpRules({})).rules).toHaveLength(0);
  });

  it('when a deny rule covers the saving address, then it is conflict even inside an allow rule', async () => {
    await client.createConsoleIpRule({
      caller: from('10.0.0.1'),
      action: 'allow',
      cidr: '10.0.0.0/8',
      note: 'office',
    });
    await expect(
      client.createConsoleIpRule({ caller: from('10.0.0.1'), action: 'deny', cidr: '10.0.0.0/24', note: '' }),
    ).rejects.toMatchObject({ code: 'conflict' });
    const { rule } = await client.createConsoleIpRule({
      caller: from('10.0.0.1'),
      action: 'deny',
      cidr: '10.9.0.0/16',
      note: '',
    });
    expect(rule).toMatchObject({ action: 'deny', cidr: '10.9.0.0/16', createdBy: ADMIN.email });
    expect((await client.listConsoleIpRules({})).rules.map((r) => r.cidr)).toEqual([
      '10.0.0.0/8',
      '10.9.0.0/16',
    ]);
    await waitFor(async () => expect(await auditActions()).toContain('console_ip_rule.created'));
  });

  it('when deleting the allow rule that admits the deleter would lock them out, then it is conflict', async () => {
    const { rule: office } = await client.createConsoleIpRule({
      caller: from('10.0.0.1'),
      action: 'allow',
      cidr: '10.0.0.0/8',
      note: '',
    });
    await client.createConsoleIpRule({
      caller: from('10.0.0.1'),
      action: 'allow',
      cidr: '192.0.2.0/24',
      note: '',
    });
    await expect(
      client.deleteConsoleIpRule({ caller: from('10.0.0.1'), id: office?.id ?? '' }),
    ).rejects.toMatchObject({
      code: 'conflict',
    });
    await expect(
      client.deleteConsoleIpRule({ caller: from('10.0.0.1'), id: 'ipr_missing' }),
    ).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('when the CIDR or action is not one, then bad_request names each field', async () => {
    await expect(
      client.createConsoleIpRule({
        caller: from('10.0.0.1'),
        action: 'maybe',
        cidr: '10.0.0.0/33',
        note: '',
      }),
    ).rejects.toMatchObject({
      code: 'bad_request',
      details: [
        { path: 'action', message: expect.any(String) },
        { path: 'cidr', message: expect.any(String) },
      ],
    });
  });

  it('when ten administrators add rules at once, then every rule is kept (the version check retries)', async () => {
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        client.createConsoleIpRule({
          caller: from('10.0.0.1'),
          action: 'deny',
          cidr: `192.0.2.${i}`,
          note: '',
        }),
      ),
    );
    expect((await client.listConsoleIpRules({})).rules).toHaveLength(10);
  });
});
