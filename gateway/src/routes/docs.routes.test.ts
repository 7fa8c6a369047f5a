import { createHash } from 'node:crypto';
import { createLogger } from '@travel/logger';
import request from 'supertest';
import { assembleApp } from '../app';
import type { OpenApiDocuments } from '../openapi/documents';
import { docsRoutes } from './docs.routes';

const documents = {
  partner: { openapi: '3.1.0' },
  internal: { openapi: '3.1.0' },
} as unknown as OpenApiDocuments;
const app = assembleApp(createLogger({ name: 'test', level: 'silent' }), docsRoutes(documents), undefined);

describe('the docs pages', () => {
  it.each(['/api/docs', '/api/v1/docs'])(
    'when %s is read, then its CSP allows exactly its own inline script (by hash) and no framing',
    async (path) => {
      const res = await request(app).get(path);
      expect(res.status).toBe(200);
      const inline = /<script>(.*)<\/script>/.exec(res.text)?.[1] ?? '';
      expect(inline).toContain('SwaggerUIBundle');
      const hash = createHash('sha256').update(inline).digest('base64');
      const policy = res.headers['content-security-policy'];
      expect(policy).toContain(`script-src 'self' 'sha256-${hash}'`);
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).not.toContain('unsafe-eval');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    },
  );
});
