import { z } from 'zod';

const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LABEL = '[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?';
/**
 * RFC 5322's dot-atom before the `@` (every atom character, `o'brien+tag@…`; no leading, trailing or double
 * dot) and host name labels after it: the WHATWG (HTML `type=email`) rule without the dots it lets through,
 * which `format: email` validators refuse (the fuzzer found `.=*fu@0` accepted).
 */
const EMAIL = new RegExp(`^${ATOM}(?:\\.${ATOM})*@${LABEL}(?:\\.${LABEL})*$`);

/** RFC 5321's longest local part (before the `@`); `format: email` validators hold to it. */
const MAX_LOCAL_PART = 64;

/**
 * An email address as the OpenAPI documents' `format: email` means it, at most 254 characters. zod's
 * default is stricter than the documents (schema-valid addresses were refused), WHATWG's looser.
 */
export function emailAddress(message?: string) {
  return z
    .email({ pattern: EMAIL, ...(message ? { error: message } : {}) })
    .max(254)
    .refine((address) => address.indexOf('@') <= MAX_LOCAL_PART, {
      message: message ?? `at most ${MAX_LOCAL_PART} characters before the @`,
    });
}
