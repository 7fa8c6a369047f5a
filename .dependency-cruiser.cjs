// Import rules (issue 45), checked by `pnpm run lint:imports` in `npm test`'s lint step. Each rule says why;
// docs/architecture.md, "Import rules", explains the layers they keep.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment:
        'A cycle (an index and the files it gathers importing each other included) hides which file is the lower layer.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'packages-below-everything',
      severity: 'error',
      comment: 'packages/ are the shared layer: they never import a service or the gateway.',
      // The one exception: the SDK's webhook test checks that the SDK accepts exactly what the webhook service
      // signs, so it imports the service's signer (a test, never the SDK's code).
      from: { path: '^packages/', pathNot: '^packages/partner-sdk/src/webhooks\\.test\\.ts$' },
      to: { path: '^(services|gateway)/' },
    },
    {
      name: 'services-apart',
      severity: 'error',
      comment: 'A service talks to another over gRPC or Kafka, never by importing its code.',
      // Exception: a service's component tests start the real neighbours it calls (search and pricing for
      // booking, billing for storefront payments) in their own process, from those services' own code, instead of
      // stand-ins; and share their fixtures (staff, stored bookings). Only under test/, never from src/.
      from: { path: '^services/([^/]+)/', pathNot: '^services/[^/]+/test/' },
      to: { path: '^services/', pathNot: '^services/$1/' },
    },
    {
      name: 'gateway-groups-apart',
      severity: 'error',
      comment:
        'A route group of the gateway (routes/<group>/) imports only its own files, routes/common/ (the partner contract every group builds on, envelopes, idempotency, presenters used by several groups) and the layers below routes/, never another group.',
      from: { path: '^gateway/src/routes/([^/]+)/' },
      to: {
        path: '^gateway/src/routes/[^/]+/',
        pathNot: ['^gateway/src/routes/$1/', '^gateway/src/routes/common/'],
      },
    },
    {
      name: 'gateway-groups-below-their-composition',
      severity: 'error',
      comment:
        "The files directly in routes/ put groups together (the internal document's contract and tags) or are routes of their own (health, docs, jwks): no group imports them.",
      // Exception: a test may assemble routes of its group with those at the root, to check a whole document.
      from: { path: '^gateway/src/routes/[^/]+/', pathNot: '\\.test\\.ts$' },
      to: { path: '^gateway/src/routes/[^/]+\\.ts$' },
    },
    {
      name: 'gateway-layers-below-routes',
      severity: 'error',
      comment:
        'http/, access/, clients/, openapi/, middleware/, health/ and usage/ are below the routes: they import no route and not the app that assembles them.',
      // Exception: tests of the middleware run it inside the assembled app (assembleApp), and the OpenAPI coverage
      // test reads every route the app serves.
      from: {
        path: '^gateway/src/(http|access|clients|openapi|middleware|health|usage)/',
        pathNot: '\\.(test|fixture)\\.ts$',
      },
      to: { path: '^gateway/src/(routes/|app\\.ts$|openapi-documents\\.ts$)' },
    },
    {
      name: 'console-apart',
      severity: 'error',
      comment:
        'The partner console (console/) reaches the platform over HTTP, through the internal API, never by importing a service, the gateway or the launcher; it builds on packages/ alone.',
      from: { path: '^console/' },
      to: { path: '^(services|gateway|deploy|test|bench)/' },
    },
    {
      name: 'nothing-imports-the-console',
      severity: 'error',
      comment:
        'The console is a process of its own: the gateway proxies to it over HTTP and the launcher starts its built file; no code imports it.',
      from: { pathNot: '^console/' },
      to: { path: '^console/' },
    },
    {
      name: 'generated-code-through-contracts',
      severity: 'error',
      comment: 'Generated code is imported only through @travel/contracts, which names what it exports.',
      from: { pathNot: '^packages/contracts/' },
      to: { path: '^packages/contracts/(src|dist)/gen/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules|coverage|\\.stryker-tmp)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.check.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
