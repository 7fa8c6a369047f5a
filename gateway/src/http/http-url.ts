import { z } from 'zod';

/** RFC 3986 characters of each part: unreserved and sub-delims, plus what the part may also hold. */
const chars = (extra: string) => `(?:[A-Za-z0-9._~!$&'()*+,;=${extra}-]|%[0-9A-Fa-f]{2})*`;

/**
 * An absolute http(s) URL in RFC 3986's grammar (authority, path, query, fragment), as the documents'
 * `format: uri` means it: WHATWG URL parsing alone let `https://Ï`, `http://a/{` or `http://a/%zz` through,
 * and every answer holding one then broke its own schema. The internal document's `HttpUrl` carries this
 * very pattern (a unit test compares them).
 */
export const HTTP_URL_PATTERN = [
  '^https?://',
  `(?:${chars(':')}@)?`,
  `(?:\\[[0-9A-Fa-f:.]+\\]|${chars('')})`,
  '(?::[0-9]*)?',
  `(?:/${chars(':@')})*`,
  `(?:\\?${chars(':@/?')})?`,
  `(?:#${chars(':@/?')})?$`,
].join('');

/**
 * An http(s) URL of at most 2000 characters: RFC 3986 characters (a host in another script in punycode,
 * `xn--…`; anything else percent-encoded) and a host and port a browser can open (WHATWG parsing).
 */
export function httpUrl() {
  // `abort`: a value that is no URL at all gets that one problem, not the RFC 3986 one beside it.
  return z
    .url({ protocol: /^https?$/, abort: true })
    .max(2000)
    .regex(
      new RegExp(HTTP_URL_PATTERN),
      'must be an http(s) URL in RFC 3986 characters (percent-encode others; punycode for other hosts)',
    );
}
