import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { buildDocument, documentPath, GENERATED_DOCUMENTS } from './openapi-documents';

type Document = {
  paths: Record<
    string,
    Record<
      string,
      { responses: Record<string, { content?: Record<string, { schema?: unknown }>; $ref?: string }> }
    >
  >;
  components: {
    schemas: Record<string, unknown>;
    responses: Record<string, { content: Record<string, { schema?: unknown }> }>;
  };
};

describe.each(GENERATED_DOCUMENTS.map((document) => [document.name, document] as const))(
  'the %s document',
  (name, document) => {
    it(`is what the zod schemas and ${name}.texts.yaml make (else run \`pnpm --filter @travel/gateway run openapi:generate\` after a build)`, () => {
      const committed = parse(readFileSync(documentPath(document), 'utf8'));
      expect(committed).toEqual(buildDocument(document));
    });

    it('when built, then every operation has its success bodies and error responses', () => {
      const built = buildDocument(document) as Document;
      for (const item of Object.values(built.paths))
        for (const operation of Object.values(item))
          for (const response of Object.values(operation.responses ?? {}))
            if (!response.$ref)
              for (const media of Object.values(response.content ?? {})) expect(media.schema).toBeDefined();
      for (const response of Object.values(built.components.responses ?? {}))
        for (const media of Object.values(response.content ?? {})) expect(media.schema).toBeDefined();
    });
  },
);

it('the partner document names its main schemas', () => {
  const partner = GENERATED_DOCUMENTS.find((document) => document.name === 'partner');
  const built = buildDocument(partner as (typeof GENERATED_DOCUMENTS)[number]) as Document;
  expect(Object.keys(built.components.schemas)).toEqual(
    expect.arrayContaining(['Booking', 'BookingRequest', 'ErrorEnvelope', 'Invoice', 'WebhookEvent']),
  );
});
