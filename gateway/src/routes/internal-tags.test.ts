import type { RouteDefinition } from '../http/route-table';
import { loadOpenApiDocuments } from '../openapi/documents';
import { tagOfFamilies, tagOperations } from '../openapi/tags';
import { INTERNAL_TAGS, internalTagOfRoute } from './internal-tags';

type Operation = { operationId: string; tags?: string[] };
type Document = {
  tags?: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, Operation>>;
};

const documents = loadOpenApiDocuments() as unknown as Record<'partner' | 'internal', Document>;

describe.each(['partner', 'internal'] as const)('the committed %s document', (name) => {
  const document = documents[name];
  const declared = (document.tags ?? []).map((tag) => tag.name);
  const operations = Object.values(document.paths).flatMap((item) => Object.values(item));

  it('tags every operation with one declared tag', () => {
    const untagged = operations.filter(
      (op) => op.tags?.length !== 1 || !declared.includes(op.tags[0] as string),
    );
    expect(untagged.map((op) => `${op.operationId}: ${JSON.stringify(op.tags)}`)).toEqual([]);
  });

  it('uses every tag it declares, each with a one-line description', () => {
    const used = new Set(operations.flatMap((op) => op.tags ?? []));
    expect(declared.filter((tag) => !used.has(tag))).toEqual([]);
    const tags = document.tags ?? [];
    expect(tags.length).toBeGreaterThan(0);
    for (const tag of tags) expect(tag.description?.trim()).toMatch(/^[^\n]+$/);
  });
});

describe('tagOperations', () => {
  const built = () => ({
    tags: [{ name: 'Bookings', description: 'Book and cancel.' }],
    paths: { '/bookings': { get: { operationId: 'listBookings' }, post: { operationId: 'createBooking' } } },
  });
  const bookings = tagOfFamilies({ Bookings: ['listBookings', 'createBooking'] });

  it('when every operation is in a declared family, then each carries its tag', () => {
    const document = built();
    tagOperations(document, bookings);
    expect(document.paths['/bookings'].post).toEqual({ operationId: 'createBooking', tags: ['Bookings'] });
  });

  it('when an operation is in no family, then the build fails naming it', () => {
    expect(() => tagOperations(built(), tagOfFamilies({ Bookings: ['listBookings'] }))).toThrow(
      'POST /bookings (createBooking) is in no tagged route family',
    );
  });

  it('when a family is not declared in the texts, or a declared tag is unused, then the build fails', () => {
    expect(() => tagOperations(built(), () => 'Invoices')).toThrow('tag Invoices is not declared');
    const unused = { ...built(), tags: [...built().tags, { name: 'Invoices', description: 'Bills.' }] };
    expect(() => tagOperations(unused, bookings)).toThrow('Tags no operation uses: Invoices');
  });

  it('when a tag has no one-line description, or an operation names its own tags, then the build fails', () => {
    expect(() =>
      tagOperations({ ...built(), tags: [{ name: 'Bookings', description: 'a\nb' }] }, bookings),
    ).toThrow('Tag Bookings: needs a one-line description');
    const own = built();
    Object.assign(own.paths['/bookings'].get, { tags: ['Bookings'] });
    expect(() => tagOperations(own, bookings)).toThrow('listBookings: tags in the texts');
  });

  it('when an operation is listed in two families, then the families are refused', () => {
    expect(() => tagOfFamilies({ Bookings: ['getBooking'], Invoices: ['getBooking'] })).toThrow(
      'getBooking is in two families: Bookings and Invoices',
    );
  });
});

describe('an internal route family', () => {
  const route = (access: RouteDefinition['access']): RouteDefinition => ({
    method: 'get',
    path: '/api/x',
    access,
    handlers: [],
  });

  it('is the console its staff access rule lets in', () => {
    expect(internalTagOfRoute('/admin/audit', route({ kind: 'staff', platformOnly: true }))).toBe(
      INTERNAL_TAGS.platformConsole,
    );
    expect(internalTagOfRoute('/admin/tenant', route({ kind: 'staff', tenantOnly: true }))).toBe(
      INTERNAL_TAGS.tenantConsole,
    );
    expect(internalTagOfRoute('/admin/users', route({ kind: 'staff', right: 'users' }))).toBe(
      INTERNAL_TAGS.bothConsoles,
    );
  });

  it('is the storefront for a customer or public route, unless it stands alone by its path', () => {
    expect(internalTagOfRoute('/wallet', route({ kind: 'customer' }))).toBe(INTERNAL_TAGS.storefront);
    expect(internalTagOfRoute('/blogs', route({ kind: 'public' }))).toBe(INTERNAL_TAGS.storefront);
    expect(internalTagOfRoute('/auth/login', route({ kind: 'public' }))).toBe(INTERNAL_TAGS.customerSignIn);
    expect(internalTagOfRoute('/admin/auth/me', route({ kind: 'staff' }))).toBe(INTERNAL_TAGS.staffSignIn);
    expect(internalTagOfRoute('/webhooks/whatsapp', route({ kind: 'public' }))).toBe(
      INTERNAL_TAGS.providerWebhooks,
    );
    expect(internalTagOfRoute('/ready', route({ kind: 'public' }))).toBe(INTERNAL_TAGS.health);
  });
});
