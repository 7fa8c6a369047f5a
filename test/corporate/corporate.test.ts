import { type AdminApi, bearer, platformAdmin } from '../support/admin';
import { detailPaths, errorOf } from '../support/bookings';
import { auditOf } from '../support/console-calls';
import { type ApiResponse, call, expectDocumented } from '../support/gateway';
import { tenantStaff } from '../support/staff';

interface Page<T> {
  data: T[];
  hasMore: boolean;
  nextCursor: string | null;
}
type Row = { id: string; tenantId: string } & Record<string, unknown>;

/** A staff call with a token, checked against the internal OpenAPI document like every e2e call. */
async function staffCall(token: string, method: string, path: string, body?: unknown): Promise<ApiResponse> {
  const headers = { ...bearer(token), ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
  const res = await call(method, path, {
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await expectDocumented(method, path.split('?')[0] as string, res);
  return res;
}

const rowOf = (res: ApiResponse) => (res.body as { data: Row }).data;
const pageOf = (res: ApiResponse) => res.body as Page<Row>;
const codeOf = (res: ApiResponse) => [res.status, errorOf(res).code];

const policy = {
  name: 'Standard',
  flight: { maxAmount: 40_000, approvalThreshold: 15_000, allowedCabins: ['economy', 'premium_economy'] },
  hotel: { maxAmount: 12_000, approvalThreshold: 8_000 },
  car: { maxAmount: 5_000, approvalThreshold: 3_000 },
};

/** Makes a record and answers it, asserting `201`. */
async function made(token: string, kind: string, body: unknown): Promise<Row> {
  const res = await staffCall(token, 'POST', `/api/admin/${kind}`, body);
  expect(res.status).toBe(201);
  return rowOf(res);
}

/** A cost centre, an approver and a policy of the caller's tenant (or `tenantId`'s, for the platform). */
async function directory(token: string, tag: string, tenantId?: string) {
  const owner = tenantId === undefined ? {} : { tenantId };
  const costCenter = await made(token, 'cost-centers', { ...owner, code: `CC-${tag}`, name: `Sales ${tag}` });
  const approver = await made(token, 'approvers', {
    ...owner,
    name: 'Meera Rao',
    email: `Meera.${tag}@acme.example`,
    approvalLimit: 150_000,
  });
  const travelPolicy = await made(token, 'policies', { ...owner, ...policy, name: `Standard ${tag}` });
  return { costCenter, approver, policy: travelPolicy };
}

let admin: AdminApi;
let staffA: Awaited<ReturnType<typeof tenantStaff>>;
let staffB: Awaited<ReturnType<typeof tenantStaff>>;

beforeAll(async () => {
  admin = await platformAdmin();
  staffA = await tenantStaff(admin, ['bookings']);
  staffB = await tenantStaff(admin, ['bookings']);
});

describe('corporate travel directory: tenant staff', () => {
  it('when tenant staff build their directory, then employees name its records and in-use records cannot be deleted', async () => {
    const { token } = staffA;
    const { costCenter, approver, policy: travelPolicy } = await directory(token, 'a1');
    expect(costCenter).toMatchObject({ tenantId: staffA.tenant.id, code: 'CC-a1', employeeCount: 0 });
    expect(approver).toMatchObject({ email: 'meera.a1@acme.example', approvalLimit: 150_000 });
    expect(travelPolicy).toMatchObject({ hotel: policy.hotel, flight: policy.flight });

    const employee = await made(token, 'employees', {
      name: 'Asha Verma',
      email: 'Asha.Verma@acme.example',
      employeeCode: 'E-1042',
      costCenterId: costCenter.id,
      approverId: approver.id,
      policyId: travelPolicy.id,
    });
    expect(employee).toMatchObject({
      email: 'asha.verma@acme.example',
      status: 'active',
      policyId: travelPolicy.id,
    });
    const again = await staffCall(token, 'POST', '/api/admin/employees', {
      name: 'Asha Again',
      email: 'ASHA.VERMA@acme.example',
      costCenterId: costCenter.id,
      approverId: approver.id,
    });
    expect(codeOf(again)).toEqual([409, 'conflict']);

    for (const [kind, id] of [
      ['cost-centers', costCenter.id],
      ['approvers', approver.id],
      ['policies', travelPolicy.id],
    ] as const) {
      expect(codeOf(await staffCall(token, 'DELETE', `/api/admin/${kind}/${id}`))).toEqual([409, 'conflict']);
    }
    const inUse = pageOf(await staffCall(token, 'GET', `/api/admin/cost-centers?q=cc-a1`));
    expect(inUse.data).toEqual([expect.objectContaining({ id: costCenter.id, employeeCount: 1 })]);

    const moved = await staffCall(token, 'PUT', `/api/admin/employees/${employee.id}`, {
      policyId: null,
      status: 'inactive',
    });
    expect(rowOf(moved)).toMatchObject({ policyId: null, status: 'inactive', costCenterId: costCenter.id });
    const deletedPolicy = await staffCall(token, 'DELETE', `/api/admin/policies/${travelPolicy.id}`);
    expect(rowOf(deletedPolicy)).toEqual({ id: travelPolicy.id, deleted: true });

    const filtered = pageOf(
      await staffCall(token, 'GET', `/api/admin/employees?costCenterId=${costCenter.id}`),
    );
    expect(filtered.data.map((row) => row.id)).toEqual([employee.id]);
    expect(rowOf(await staffCall(token, 'DELETE', `/api/admin/employees/${employee.id}`)).deleted).toBe(true);
    expect((await staffCall(token, 'DELETE', `/api/admin/cost-centers/${costCenter.id}`)).status).toBe(200);
    expect((await staffCall(token, 'DELETE', `/api/admin/approvers/${approver.id}`)).status).toBe(200);
  });

  it('when tenant staff page through a list, then pages follow each other and the cursor is opaque', async () => {
    const { token } = staffB;
    const codes = ['PG-1', 'PG-2', 'PG-3'];
    for (const code of codes) await made(token, 'cost-centers', { code, name: `Page ${code}` });
    const first = pageOf(await staffCall(token, 'GET', '/api/admin/cost-centers?limit=2&q=pg-'));
    expect(first).toMatchObject({ hasMore: true, data: [{ code: 'PG-3' }, { code: 'PG-2' }] });
    const second = pageOf(
      await staffCall(token, 'GET', `/api/admin/cost-centers?limit=2&q=pg-&cursor=${first.nextCursor}`),
    );
    expect(second).toMatchObject({ hasMore: false, nextCursor: null, data: [{ code: 'PG-1' }] });
    const foreign = await staffCall(token, 'GET', `/api/admin/employees?cursor=${first.nextCursor}`);
    expect(codeOf(foreign)).toEqual([400, 'bad_request']);
    expect(detailPaths(foreign)).toEqual(['cursor']);
  });

  it('when tenant staff touch another tenant’s records, then 404 and nothing changes', async () => {
    const theirs = await directory(staffB.token, 'b1');
    const { token } = staffA;
    const attempts = [
      ['PUT', `/api/admin/cost-centers/${theirs.costCenter.id}`, { name: 'Mine now' }],
      ['DELETE', `/api/admin/cost-centers/${theirs.costCenter.id}`, undefined],
      ['PUT', `/api/admin/approvers/${theirs.approver.id}`, { approvalLimit: null }],
      ['DELETE', `/api/admin/policies/${theirs.policy.id}`, undefined],
      ['GET', `/api/admin/approvers?tenantId=${staffB.tenant.id}`, undefined],
      ['POST', '/api/admin/cost-centers', { tenantId: staffB.tenant.id, code: 'X', name: 'Planted' }],
    ] as const;
    for (const [method, path, body] of attempts) {
      expect(codeOf(await staffCall(token, method, path, body))).toEqual([404, 'not_found']);
    }
    // Their records are a 400 on an employee of ours: they do not exist in our tenant.
    const crossed = await staffCall(token, 'POST', '/api/admin/employees', {
      name: 'Crossed Wires',
      email: 'crossed@acme.example',
      costCenterId: theirs.costCenter.id,
      approverId: theirs.approver.id,
    });
    expect(codeOf(crossed)).toEqual([400, 'bad_request']);
    expect(detailPaths(crossed)).toEqual(['costCenterId', 'approverId']);

    const theirList = pageOf(await staffCall(staffB.token, 'GET', '/api/admin/cost-centers?q=b1'));
    expect(theirList.data).toEqual([expect.objectContaining({ id: theirs.costCenter.id, name: 'Sales b1' })]);
    expect(
      pageOf(await staffCall(token, 'GET', '/api/admin/cost-centers')).data.map((r) => r.tenantId),
    ).not.toContain(staffB.tenant.id);
  });

  it('when the input is bad, then 400 names each field and nothing is stored', async () => {
    const { token } = staffA;
    const before = pageOf(await staffCall(token, 'GET', '/api/admin/policies?limit=100')).data.length;
    const cases: [string, string, unknown, string[]][] = [
      ['POST', '/api/admin/cost-centers', { code: 'has space', name: '' }, ['code', 'name']],
      [
        'POST',
        '/api/admin/approvers',
        { name: 'No Mail', email: 'not-an-email', approvalLimit: 0 },
        ['email', 'approvalLimit'],
      ],
      [
        'POST',
        '/api/admin/policies',
        {
          ...policy,
          name: 'Loose',
          flight: { ...policy.flight, allowedCabins: ['cargo'] },
          car: { maxAmount: -1 },
        },
        ['flight.allowedCabins.0', 'car.maxAmount', 'car.approvalThreshold'],
      ],
      [
        'POST',
        '/api/admin/policies',
        { ...policy, name: 'Upside down', hotel: { maxAmount: 1_000, approvalThreshold: 2_000 } },
        ['hotel.approvalThreshold'],
      ],
      [
        'POST',
        '/api/admin/contracts',
        {
          supplierId: 'sup_1',
          service: 'train',
          discountBps: 10_001,
          validFrom: '2027-02-30',
          validUntil: '2027-01-01',
        },
        ['service', 'discountBps', 'validFrom'],
      ],
      [
        'POST',
        '/api/admin/contracts',
        {
          supplierId: 'sup_1',
          service: 'car',
          discountBps: 500,
          validFrom: '2027-06-01',
          validUntil: '2027-01-01',
        },
        ['validUntil'],
      ],
      [
        'POST',
        '/api/admin/contracts',
        {
          supplierId: 'sup_999999',
          service: 'car',
          discountBps: 500,
          validFrom: '2027-01-01',
          validUntil: '2027-06-01',
        },
        ['supplierId'],
      ],
      [
        'POST',
        '/api/admin/employees',
        { name: 'Half', email: 'half@acme.example', extra: true },
        ['costCenterId', 'approverId', 'body'],
      ],
      ['PUT', '/api/admin/cost-centers/cc_1', {}, ['body']],
      ['GET', '/api/admin/employees?limit=0&status=gone', undefined, ['limit', 'status']],
    ];
    for (const [method, path, body, paths] of cases) {
      const res = await staffCall(token, method, path, body);
      expect([method, path, ...codeOf(res)]).toEqual([method, path, 400, 'bad_request']);
      expect(detailPaths(res)?.sort()).toEqual([...paths].sort());
    }
    expect(pageOf(await staffCall(token, 'GET', '/api/admin/policies?limit=100')).data).toHaveLength(before);
  });
});

describe('corporate travel directory: the platform', () => {
  it('when the platform files records, then it names the tenant; the tenant sees them and the audit log holds the changes', async () => {
    const { token } = admin;
    const missing = await staffCall(token, 'POST', '/api/admin/cost-centers', {
      code: 'P-1',
      name: 'Platform',
    });
    expect(codeOf(missing)).toEqual([400, 'bad_request']);
    expect(detailPaths(missing)).toEqual(['tenantId']);
    const unknown = await staffCall(token, 'POST', '/api/admin/cost-centers', {
      tenantId: 'ten_999999',
      code: 'P-1',
      name: 'Platform',
    });
    expect(codeOf(unknown)).toEqual([404, 'not_found']);

    const tenantId = staffB.tenant.id;
    const { costCenter, approver } = await directory(token, 'p1', tenantId);
    const supplier = await made(token, 'suppliers', { name: `Taj Hotels ${tenantId}`, services: ['hotel'] });
    const contract = await made(token, 'contracts', {
      tenantId,
      supplierId: supplier.id,
      service: 'hotel',
      discountBps: 1_200,
      validFrom: '2027-01-01',
      validUntil: '2027-12-31',
      reference: 'ACME-TAJ-2027',
    });
    const employee = await made(token, 'employees', {
      tenantId,
      name: 'Kiran Das',
      email: 'kiran@acme.example',
      costCenterId: costCenter.id,
      approverId: approver.id,
    });
    expect(employee.tenantId).toBe(tenantId);

    const seenByTenant = pageOf(await staffCall(staffB.token, 'GET', '/api/admin/employees?q=kiran'));
    expect(seenByTenant.data.map((row) => row.id)).toEqual([employee.id]);
    expect(pageOf(await staffCall(staffA.token, 'GET', '/api/admin/employees?q=kiran')).data).toEqual([]);
    const platformList = pageOf(
      await staffCall(token, 'GET', `/api/admin/contracts?tenantId=${tenantId}&activeOn=2027-03-01`),
    );
    expect(platformList.data.map((row) => row.id)).toEqual([contract.id]);

    const changed = await staffCall(token, 'PUT', `/api/admin/contracts/${contract.id}`, {
      discountBps: 1_500,
      reference: null,
    });
    expect(rowOf(changed)).toMatchObject({ discountBps: 1_500, reference: null, validFrom: '2027-01-01' });
    expect((await staffCall(token, 'DELETE', `/api/admin/contracts/${contract.id}`)).status).toBe(200);

    // Each record's entries in the order of its changes (records travel apart on audit.entries).
    expect(await auditOf(admin, contract.id)).toEqual([
      'contract.deleted',
      'contract.updated',
      'contract.created',
    ]);
    expect(await auditOf(admin, employee.id)).toEqual(['employee.created']);
  });
});
