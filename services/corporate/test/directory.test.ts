import type { caller } from '@travel/contracts';
import { waitFor } from '@travel/testkit';
import { flightRule, startCorporate, stayRule } from './corporate.fixture';

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

async function basics(actor: caller.Caller, tag: string) {
  const { client } = world;
  const { costCenter } = await client.createCostCenter({
    caller: actor,
    code: `CC-${tag}`,
    name: `Sales ${tag}`,
  });
  const { approver } = await client.createApprover({
    caller: actor,
    name: 'Meera Rao',
    email: `Meera.${tag}@corp.example`,
  });
  return { costCenterId: costCenter?.id ?? '', approverId: approver?.id ?? '' };
}

const countOf = async (actor: caller.Caller, id: string) =>
  (await world.client.listCostCenters({ caller: actor, limit: 100 })).costCenters.find((c) => c.id === id)
    ?.employeeCount;

describe('employees and their references', () => {
  it('when an employee names a cost centre and approver of another tenant, then bad_request lists both and nothing is stored', async () => {
    const theirs = await basics(tenantB.staff, 'b1');
    await expect(
      world.client.createEmployee({
        caller: tenantA.staff,
        name: 'Asha Verma',
        email: 'asha@corp.example',
        ...theirs,
      }),
    ).rejects.toMatchObject({
      code: 'bad_request',
      details: [
        expect.objectContaining({ path: 'costCenterId' }),
        expect.objectContaining({ path: 'approverId' }),
      ],
    });
    expect((await world.client.listEmployees({ caller: tenantA.staff, limit: 10 })).employees).toEqual([]);
    expect(await countOf(tenantB.staff, theirs.costCenterId)).toBe(0);
  });

  it('when a cost centre is in use, then deleting it is conflict until its last employee moves away', async () => {
    const { client } = world;
    const refs = await basics(tenantA.staff, 'a1');
    const other = (await client.createCostCenter({ caller: tenantA.staff, code: 'CC-a1-two', name: 'Ops' }))
      .costCenter;
    const { employee } = await client.createEmployee({
      caller: tenantA.staff,
      name: 'Ravi Iyer',
      email: 'Ravi.Iyer@Corp.example',
      ...refs,
    });
    expect(employee).toMatchObject({
      email: 'ravi.iyer@corp.example',
      status: 'active',
      tenantId: tenantA.tenantId,
    });
    expect(await countOf(tenantA.staff, refs.costCenterId)).toBe(1);
    await expect(
      client.deleteCostCenter({ caller: tenantA.staff, id: refs.costCenterId }),
    ).rejects.toMatchObject({
      code: 'conflict',
    });
    await expect(client.deleteApprover({ caller: tenantA.staff, id: refs.approverId })).rejects.toMatchObject(
      {
        code: 'conflict',
      },
    );

    await client.updateEmployee({ caller: tenantA.staff, id: employee?.id ?? '', costCenterId: other?.id });
    expect(await countOf(tenantA.staff, refs.costCenterId)).toBe(0);
    expect(await countOf(tenantA.staff, other?.id ?? '')).toBe(1);
    await client.deleteCostCenter({ caller: tenantA.staff, id: refs.costCenterId });
    await client.deleteEmployee({ caller: tenantA.staff, id: employee?.id ?? '' });
    await client.deleteApprover({ caller: tenantA.staff, id: refs.approverId });
    await client.deleteCostCenter({ caller: tenantA.staff, id: other?.id ?? '' });
    // Once deleted, a cost centre can no longer be named: the claim finds nothing.
    await expect(
      client.createEmployee({ caller: tenantA.staff, name: 'Late', email: 'late@corp.example', ...refs }),
    ).rejects.toMatchObject({
      code: 'bad_request',
      details: [
        expect.objectContaining({ path: 'costCenterId' }),
        expect.objectContaining({ path: 'approverId' }),
      ],
    });
  });

  it('when employees are created while their cost centre is deleted, then no employee ever names a deleted cost centre', async () => {
    const { client } = world;
    for (let round = 0; round < 5; round += 1) {
      const refs = await basics(tenantA.staff, `race${round}`);
      const creations = Array.from({ length: 12 }, (_, i) =>
        client
          .createEmployee({
            caller: tenantA.staff,
            name: `Racer ${i}`,
            email: `racer${round}-${i}@corp.example`,
            ...refs,
          })
          .then(
            (reply) => reply.employee?.id,
            (error: { code?: string }) => error.code,
          ),
      );
      const deletion = client.deleteCostCenter({ caller: tenantA.staff, id: refs.costCenterId }).then(
        () => 'deleted',
        (error: { code?: string }) => error.code,
      );
      const [outcomes, deleted] = await Promise.all([Promise.all(creations), deletion]);
      const created = outcomes.filter((outcome) => outcome?.startsWith('emp_'));
      const listed = await client.listEmployees({
        caller: tenantA.staff,
        costCenterId: refs.costCenterId,
        limit: 100,
      });
      expect(listed.employees.map((e) => e.id).sort()).toEqual([...created].sort());
      if (deleted === 'deleted') {
        // Every creation that lost to the delete was refused; none slipped in after.
        expect(created.length).toBeLessThan(12);
        expect(outcomes.filter((outcome) => outcome === 'bad_request')).toHaveLength(12 - created.length);
      } else {
        expect(deleted).toBe('conflict');
        expect(created).toHaveLength(12);
        expect(await countOf(tenantA.staff, refs.costCenterId)).toBe(12);
      }
      for (const id of created) await client.deleteEmployee({ caller: tenantA.staff, id: id ?? '' });
      if (deleted !== 'deleted') {
        expect(await countOf(tenantA.staff, refs.costCenterId)).toBe(0);
        await client.deleteCostCenter({ caller: tenantA.staff, id: refs.costCenterId });
      }
    }
  });

  it('when an email or code is taken in the tenant in another case, then conflict; another tenant may use it', async () => {
    const { client } = world;
    const refs = await basics(tenantA.staff, 'dup');
    await client.createEmployee({
      caller: tenantA.staff,
      name: 'Dup One',
      email: 'dup@corp.example',
      ...refs,
    });
    await expect(
      client.createEmployee({ caller: tenantA.staff, name: 'Dup Two', email: 'DUP@corp.example', ...refs }),
    ).rejects.toMatchObject({ code: 'conflict' });
    // The refused employee gave its references back.
    expect(await countOf(tenantA.staff, refs.costCenterId)).toBe(1);
    await expect(
      client.createCostCenter({ caller: tenantA.staff, code: 'cc-DUP', name: 'Again' }),
    ).rejects.toMatchObject({ code: 'conflict' });
    await expect(
      client.createCostCenter({ caller: tenantB.staff, code: 'cc-DUP', name: 'Theirs' }),
    ).resolves.toBeDefined();
  });
});

describe('tenant rules', () => {
  it('when tenant staff touch another tenant’s record, then not_found; lists hold only their own', async () => {
    const { client } = world;
    const theirs = await basics(tenantB.staff, 'b2');
    const actor = tenantA.staff;
    await expect(
      client.updateCostCenter({ caller: actor, id: theirs.costCenterId, name: 'Mine now' }),
    ).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(client.deleteApprover({ caller: actor, id: theirs.approverId })).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(
      client.listApprovers({ caller: actor, limit: 10, tenantId: tenantB.tenantId }),
    ).rejects.toMatchObject({
      code: 'not_found',
    });
    const mine = await client.listCostCenters({ caller: actor, limit: 100 });
    expect(mine.costCenters.every((c) => c.tenantId === tenantA.tenantId)).toBe(true);
  });

  it('when the platform creates a record, then it names an existing tenant; it may then change it', async () => {
    const { client, platform } = world;
    await expect(
      client.createCostCenter({ caller: platform, code: 'P1', name: 'Platform' }),
    ).rejects.toMatchObject({
      code: 'bad_request',
      details: [expect.objectContaining({ path: 'tenantId' })],
    });
    await expect(
      client.createCostCenter({ caller: platform, tenantId: 'ten_999999', code: 'P1', name: 'Platform' }),
    ).rejects.toMatchObject({ code: 'not_found' });
    const { costCenter } = await client.createCostCenter({
      caller: platform,
      tenantId: tenantB.tenantId,
      code: 'P1',
      name: 'Platform',
    });
    const renamed = await client.updateCostCenter({
      caller: platform,
      id: costCenter?.id ?? '',
      name: 'Renamed',
    });
    expect(renamed.costCenter).toMatchObject({ tenantId: tenantB.tenantId, name: 'Renamed', code: 'P1' });
    const listed = await client.listCostCenters({
      caller: platform,
      tenantId: tenantB.tenantId,
      limit: 100,
      q: 'renam',
    });
    expect(listed.costCenters.map((c) => c.id)).toEqual([costCenter?.id]);
  });

  it('when a change is made, then identity’s audit log holds it with the actor and the tenant', async () => {
    const { client, identity, platform } = world;
    const { approver } = await client.createApprover({
      caller: tenantA.staff,
      name: 'Audit Me',
      email: 'audit.me@corp.example',
      approvalLimit: 50_000,
    });
    // The entry is stored with the approver and relayed to identity's log through `audit.entries`.
    const entry = await waitFor(
      async () => {
        const { entries } = await identity.audit.listAuditEntries({ caller: platform, limit: 20 });
        const found = entries.find((e) => e.targetId === approver?.id);
        if (!found) throw new Error('not in the audit log yet');
        return found;
      },
      { timeoutMs: 20_000 },
    );
    expect(entry).toMatchObject({
      action: 'approver.created',
      targetType: 'approver',
      actorTenantId: tenantA.tenantId,
    });
    expect(JSON.parse(entry?.detailsJson ?? '{}')).toMatchObject({
      tenantId: tenantA.tenantId,
      approvalLimit: 50_000,
    });
  });
});

describe('policies, contracts and pages', () => {
  it('when a policy’s threshold exceeds its maximum or a flight allows no cabin, then bad_request names each', async () => {
    await expect(
      world.client.createPolicy({
        caller: tenantA.staff,
        name: 'Too loose',
        flight: { ...flightRule, allowedCabins: [] },
        hotel: { ...stayRule, approvalThreshold: 20_000 },
        car: stayRule,
      }),
    ).rejects.toMatchObject({
      code: 'bad_request',
      details: [
        expect.objectContaining({ path: 'flight.allowedCabins' }),
        expect.objectContaining({ path: 'hotel.approvalThreshold' }),
      ],
    });
    const { policy } = await world.client.createPolicy({
      caller: tenantA.staff,
      name: 'Standard',
      flight: flightRule,
      hotel: stayRule,
      car: stayRule,
    });
    expect(policy?.flight).toEqual(flightRule);
    await expect(
      world.client.updatePolicy({
        caller: tenantA.staff,
        id: policy?.id ?? '',
        hotel: { ...stayRule, maxAmount: 1 },
      }),
    ).rejects.toMatchObject({ code: 'bad_request' });
  });

  it('when a contract names a supplier, then it must exist, be active and supply the service', async () => {
    const { client } = world;
    const hotels = await world.supplier(['hotel']);
    const retired = await world.supplier(['hotel'], 'inactive');
    const days = { discountBps: 1200, validFrom: '2027-01-01', validUntil: '2027-12-31' };
    const actor = tenantA.staff;
    for (const [supplierId, service, path] of [
      ['sup_999999', 'hotel', 'supplierId'],
      [retired, 'hotel', 'supplierId'],
      [hotels, 'flight', 'service'],
    ] as const) {
      await expect(
        client.createContract({ caller: actor, supplierId, service, ...days }),
      ).rejects.toMatchObject({
        code: 'bad_request',
        details: [expect.objectContaining({ path })],
      });
    }
    const { contract } = await client.createContract({
      caller: actor,
      supplierId: hotels,
      service: 'hotel',
      ...days,
    });
    await expect(
      client.updateContract({ caller: actor, id: contract?.id ?? '', service: 'car' }),
    ).rejects.toMatchObject({ code: 'bad_request', details: [expect.objectContaining({ path: 'service' })] });
    expect(
      (await client.listContracts({ caller: actor, limit: 10, supplierId: hotels })).contracts,
    ).toHaveLength(1);
  });

  it('when a contract’s update puts validUntil before validFrom, then bad_request and the contract is unchanged', async () => {
    const { client } = world;
    const supplierId = await world.supplier(['hotel']);
    const base = {
      supplierId,
      service: 'hotel',
      discountBps: 1200,
      validFrom: '2027-01-01',
      validUntil: '2027-12-31',
    };
    const fresh = await world.tenant();
    const { contract } = await client.createContract({ caller: fresh.staff, ...base });
    await expect(
      client.updateContract({ caller: fresh.staff, id: contract?.id ?? '', validUntil: '2026-12-31' }),
    ).rejects.toMatchObject({
      code: 'bad_request',
      details: [expect.objectContaining({ path: 'validUntil' })],
    });
    const onDay = await client.listContracts({ caller: fresh.staff, limit: 10, activeOn: '2027-06-01' });
    expect(onDay.contracts).toEqual([expect.objectContaining({ id: contract?.id, ...base })]);
    expect(
      (await client.listContracts({ caller: fresh.staff, limit: 10, activeOn: '2028-01-01' })).contracts,
    ).toEqual([]);
  });

  it('when paging through a list, then pages follow each other without gaps or repeats, and a foreign cursor is bad_request', async () => {
    const { client } = world;
    const fresh = await world.tenant();
    for (let i = 0; i < 5; i += 1)
      await client.createCostCenter({ caller: fresh.staff, code: `PG-${i}`, name: `Page ${i}` });
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listCostCenters({ caller: fresh.staff, limit: 2, cursor });
      seen.push(...page.costCenters.map((c) => c.code));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['PG-4', 'PG-3', 'PG-2', 'PG-1', 'PG-0']);
    await expect(
      client.listCostCenters({
        caller: fresh.staff,
        limit: 2,
        cursor: Buffer.from('apr1:3').toString('base64url'),
      }),
    ).rejects.toMatchObject({ code: 'bad_request', details: [expect.objectContaining({ path: 'cursor' })] });
  });
});
