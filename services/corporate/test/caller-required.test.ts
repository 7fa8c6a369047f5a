import type { caller } from '@travel/contracts';
import { jobCaller } from '@travel/grpc';
import { codeOf } from '@travel/testkit';
import { startCorporate } from './corporate.fixture';

let world: Awaited<ReturnType<typeof startCorporate>>;
let tenantA: { tenantId: string; staff: caller.Caller };
let tenantB: { tenantId: string; staff: caller.Caller };

beforeAll(async () => {
  world = await startCorporate();
  tenantA = await world.tenant();
  tenantB = await world.tenant();
});
afterAll(async () => {
  await world.stop();
});

/** docs/access.md, "Callers": no caller (or a job) is refused; a record is reached through its tenant only. */
describe('corporate callers', () => {
  it('when a call names no caller, or is not from staff, then it is forbidden and nothing changes', async () => {
    const { client } = world;
    const { costCenter } = await client.createCostCenter({
      caller: tenantA.staff,
      code: 'CC-own',
      name: 'Own',
    });
    const id = costCenter?.id ?? '';
    const { tenantId } = tenantA;
    for (const who of [undefined, jobCaller('corporate.test')]) {
      expect(await codeOf(client.createCostCenter({ caller: who, tenantId, code: 'CC-x', name: 'X' }))).toBe(
        'forbidden',
      );
      expect(await codeOf(client.updateCostCenter({ caller: who, id, name: 'Taken' }))).toBe('forbidden');
      expect(await codeOf(client.deleteCostCenter({ caller: who, id }))).toBe('forbidden');
      expect(await codeOf(client.listCostCenters({ caller: who, limit: 10 }))).toBe('forbidden');
    }
    const listed = await client.listCostCenters({ caller: tenantA.staff, limit: 100 });
    expect(listed.costCenters.map((c) => [c.code, c.name])).toEqual([['CC-own', 'Own']]);
  });

  it("when tenant staff name another tenant's record by id, then it is not_found and stays as it was", async () => {
    const { client } = world;
    const { costCenter } = await client.createCostCenter({
      caller: tenantB.staff,
      code: 'CC-b',
      name: 'Bee',
    });
    const id = costCenter?.id ?? '';
    expect(await codeOf(client.updateCostCenter({ caller: tenantA.staff, id, name: 'Taken' }))).toBe(
      'not_found',
    );
    expect(await codeOf(client.deleteCostCenter({ caller: tenantA.staff, id }))).toBe('not_found');
    expect(
      await codeOf(client.listCostCenters({ caller: tenantA.staff, tenantId: tenantB.tenantId, limit: 10 })),
    ).toBe('not_found');
    const listed = await client.listCostCenters({ caller: tenantB.staff, limit: 100 });
    expect(listed.costCenters.find((c) => c.id === id)).toMatchObject({ name: 'Bee' });
  });
});
