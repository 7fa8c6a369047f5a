import { z } from 'zod';

/**
 * An http(s) URL of at most 2000 characters, in ASCII as the documents' `format: uri` requires (a host in
 * another script is given in punycode, `xn--…`): zod's URL check alone let `https://Ï` through, and the
 * answers then broke their own schema.
 */
export function httpUrl() {
  // `abort`: a value that is no URL at all gets that one problem, not the ASCII one beside it.
  return z
    .url({ protocol: /^https?$/, abort: true })
    .max(2000)
    .regex(/^https?:\/\/[\x21-\x7e]+$/, 'must be an http(s) URL in ASCII (punycode for other hosts)');
}
