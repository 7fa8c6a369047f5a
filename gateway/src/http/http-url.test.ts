import { loadOpenApiDocuments } from '../openapi/documents';
import { HTTP_URL_PATTERN, httpUrl } from './http-url';
import { check } from './validate';

const accepted = (value: string) => check(httpUrl(), value).ok;

describe('http(s) URLs', () => {
  it('when the internal document describes a URL, then its pattern is the one the gateway checks', () => {
    const schemas = (loadOpenApiDocuments().internal.components as { schemas: Record<string, unknown> })
      .schemas;
    expect(schemas.HttpUrl).toMatchObject({ type: 'string', format: 'uri', pattern: HTTP_URL_PATTERN });
  });

  it.each([
    'https://cdn.example.com/kerala.jpg',
    'http://127.0.0.1:8080/a/b?c=d&e=%7B#top',
    'https://user:pass@xn--e1afmkfd.xn--p1ai/path;v=1',
    'http://[::1]/',
  ])('when %s is given, then it is accepted', (value) => {
    expect(accepted(value)).toBe(true);
  });

  it.each([
    ['a host in another script', 'https://Ï'],
    ['a brace (RFC 3986 wants %7B)', 'http://a/{'],
    ['a pipe', 'http://a/b|c'],
    ['a backslash', 'http://a\\b'],
    ['a malformed percent-encoding', 'http://a/%zz'],
    ['a second fragment mark', 'https://a.b/c#d#e'],
    ['a port no browser opens', 'http://a:99999/'],
    ['another scheme', 'ftp://a/b'],
    ['no URL at all', 'kerala.jpg'],
  ])('when %s is given, then it is refused', (_why, value) => {
    expect(accepted(value)).toBe(false);
  });
});
