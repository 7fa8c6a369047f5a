import { partnerCaller, staffCaller } from '@travel/testkit';
import { deliveryReaderOf, endpointCallerOf, type TenantOfClient } from './caller';

// A tenant's staff act for one client of their tenant (the partner console): the service asks identity whose the
// client is, and believes nothing else (docs/console.md, "Webhooks").
const clients: Record<number, string | null> = { 7: 'ten_a', 8: 'ten_b', 9: null };
const asked: number[] = [];
const tenantOf: TenantOfClient = async (clientId) => {
  asked.push(clientId);
  return clientId in clients ? { tenantId: clients[clientId] ?? null } : undefined;
};
const consoleStaff = (tenantId: string, rights = ['api-console']) =>
  staffCaller({ userId: 'usr_1', tenantId, rights });
const codeOf = async (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: { code?: string }) => error.code,
  );

beforeEach(() => {
  asked.length = 0;
});

describe('whose endpoints a call manages', () => {
  it("when a partner calls, then its own key's client and mode, and identity is not asked", async () => {
    const owner = await endpointCallerOf(
      partnerCaller(7, 'test', 'ten_a'),
      { clientId: 8, environment: 'live' },
      tenantOf,
    );
    expect([owner, asked]).toEqual([{ tenantId: 'ten_a', clientId: 7, environment: 'test' }, []]);
  });

  it("when tenant staff name their tenant's client, then that client and mode", async () => {
    const owner = await endpointCallerOf(
      consoleStaff('ten_a'),
      { clientId: 7, environment: 'live' },
      tenantOf,
    );
    expect([owner, asked]).toEqual([{ tenantId: 'ten_a', clientId: 7, environment: 'live' }, [7]]);
  });

  it("when tenant staff name another tenant's client, a client of no tenant or no client, then not_found", async () => {
    for (const clientId of [8, 9, 10])
      expect(
        await codeOf(endpointCallerOf(consoleStaff('ten_a'), { clientId, environment: 'live' }, tenantOf)),
      ).toBe('not_found');
    expect(asked).toEqual([8, 9, 10]);
  });

  it('when tenant staff lack api-console or name no client and mode, then refused before identity is asked', async () => {
    const scope = { clientId: 7, environment: 'live' };
    expect(await codeOf(endpointCallerOf(consoleStaff('ten_a', ['bookings']), scope, tenantOf))).toBe(
      'forbidden',
    );
    expect(await codeOf(endpointCallerOf(consoleStaff('ten_a'), { environment: 'prod' }, tenantOf))).toBe(
      'bad_request',
    );
    expect(await codeOf(endpointCallerOf(consoleStaff('ten_a'), undefined, tenantOf))).toBe('bad_request');
    expect(asked).toEqual([]);
  });

  it('when platform staff manage endpoints, then refused; when they read deliveries, then every client (support)', async () => {
    const platform = staffCaller({ userId: 'usr_p', rights: ['api-console'] });
    expect(await codeOf(endpointCallerOf(platform, { clientId: 7, environment: 'live' }, tenantOf))).toBe(
      'forbidden',
    );
    expect(await deliveryReaderOf(platform, undefined, tenantOf)).toBeNull();
    expect(
      await deliveryReaderOf(consoleStaff('ten_a'), { clientId: 7, environment: 'test' }, tenantOf),
    ).toEqual({
      tenantId: 'ten_a',
      clientId: 7,
      environment: 'test',
    });
  });
});
