import type { AppDeps } from '../../app';
import { pageQuery, partnerOperations } from '../common/partner-contract/operations';
import { docsRoutes } from '../docs.routes';
import { healthRoutes } from '../health.routes';
import { partnerRoutes } from '.';

const PREFIX = '/api/v1';

describe('the partner contract', () => {
  // Handlers are not called here; only the route list is read.
  const deps = { clients: {}, documents: { partner: {}, internal: {} } } as unknown as AppDeps;
  const routes = [...healthRoutes(deps), ...docsRoutes(deps.documents), ...partnerRoutes(deps)]
    .filter((route) => route.path.startsWith(`${PREFIX}/`))
    .map(
      (route) =>
        `${route.method.toUpperCase()} ${route.path.slice(PREFIX.length).replace(/:(\w+)/g, '{$1}')}`,
    );
  const operations = Object.values(partnerOperations).map(
    (operation) => `${operation.method.toUpperCase()} ${operation.path}`,
  );

  it.each(routes)('%s has its schemas', (route) => {
    expect(operations).toContain(route);
  });

  it('has no operation without a route', () => {
    expect(operations.sort()).toEqual([...routes].sort());
  });

  it.each(Object.entries(partnerOperations))('%s declares a success body', (_id, operation) => {
    expect(Object.keys(operation.responses).some((status) => /^2\d\d$/.test(status))).toBe(true);
  });

  it('declares path parameters for every `{name}` of its paths', () => {
    for (const operation of Object.values(partnerOperations)) {
      const names = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const declared = 'params' in operation && operation.params ? Object.keys(operation.params.shape) : [];
      expect(declared.sort()).toEqual(names.sort());
    }
  });

  // `limit` is documented as an integer from 1 to 100 (documentedAs): the schema accepts exactly those.
  it.each([
    ['1', true],
    ['25', true],
    ['100', true],
    ['0', false],
    ['101', false],
    ['-1', false],
    ['1.5', false],
    ['1e2', false],
    ['', false],
    ['abc', false],
  ])('when limit=%s, then accepted is %s', (limit, accepted) => {
    expect(pageQuery.safeParse({ limit }).success).toBe(accepted);
  });
});
