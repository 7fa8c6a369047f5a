import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createConsoleApp } from './app';

function builtWeb(): string {
  const root = mkdtempSync(join(tmpdir(), 'console-web-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>console</title>');
  writeFileSync(join(root, 'assets', 'index-abc.js'), 'console.log(1)');
  return root;
}

describe('the console web server', () => {
  const app = createConsoleApp(builtWeb());

  it('answers every page path with the page, never cached, under a strict CSP', async () => {
    for (const path of ['/console', '/console/', '/console/logs/req_1', '/console/keys?mode=test']) {
      const res = await request(app).get(path);
      expect(res.status).toBe(200);
      expect(res.text).toContain('<title>console</title>');
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const res = await request(app).get('/console/');
    const csp = res.headers['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('serves the hashed assets for a year, and a missing one is 404, not the page', async () => {
    const asset = await request(app).get('/console/assets/index-abc.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await request(app).get('/console/assets/missing.js')).status).toBe(404);
  });

  it('answers its health for probes, and nothing outside /console', async () => {
    expect((await request(app).get('/health')).body).toEqual({ status: 'ok', built: true });
    expect((await request(app).get('/api/v1/me')).status).toBe(404);
  });

  it('says the console is not built (503) when the bundle is missing', async () => {
    const empty = createConsoleApp(mkdtempSync(join(tmpdir(), 'console-empty-')));
    expect((await request(empty).get('/console/')).status).toBe(503);
    expect((await request(empty).get('/health')).body).toEqual({ status: 'ok', built: false });
  });
});
