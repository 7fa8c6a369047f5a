import { type AppDeps, allRoutes } from '../app';
import { loadOpenApiDocuments } from './documents';

const documents = loadOpenApiDocuments();

function documented(method: string, expressPath: string): boolean {
  const openApiPath = expressPath.replace(/:(\w+)/g, '{$1}');
  const [document, relative] = openApiPath.startsWith('/api/v1/')
    ? [documents.partner, openApiPath.slice('/api/v1'.length)]
    : [documents.internal, openApiPath.slice('/api'.length)];
  const paths = document.paths as Record<string, Record<string, unknown>>;
  return Boolean(paths[relative]?.[method]);
}

describe('OpenAPI coverage', () => {
  // Handlers are not called here; only the route list is read.
  const routes = allRoutes({ documents, clients: {} } as unknown as AppDeps);

  it.each(routes.map((r) => [r.method.toUpperCase(), r.path]))(
    '%s %s is in an OpenAPI document',
    (method, path) => {
      expect(documented(method.toLowerCase(), path)).toBe(true);
    },
  );

  it('when the documents are loaded, then both are OpenAPI 3.1', () => {
    expect(documents.partner.openapi).toBe('3.1.0');
    expect(documents.internal.openapi).toBe('3.1.0');
  });
});
