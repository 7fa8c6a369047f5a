import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { buildPartnerDocument, PARTNER_DOCUMENT } from './partner-document';

describe('the partner document (gateway/openapi/partner.yaml)', () => {
  it('is what the zod schemas and partner.texts.yaml make (else run `pnpm --filter @travel/gateway run openapi:generate` after a build)', () => {
    const committed = parse(readFileSync(PARTNER_DOCUMENT, 'utf8'));
    expect(committed).toEqual(buildPartnerDocument());
  });

  it('when built, then every operation has its success bodies and error responses, and every component is a schema', () => {
    const document = buildPartnerDocument() as {
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
    for (const item of Object.values(document.paths))
      for (const operation of Object.values(item))
        for (const response of Object.values(operation.responses))
          if (!response.$ref)
            for (const media of Object.values(response.content ?? {})) expect(media.schema).toBeDefined();
    for (const response of Object.values(document.components.responses))
      expect(response.content['application/json']?.schema).toBeDefined();
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(['Booking', 'BookingRequest', 'ErrorEnvelope', 'Invoice', 'WebhookEvent']),
    );
  });
});
