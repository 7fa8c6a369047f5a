import { z } from 'zod';

/**
 * An email address as the OpenAPI documents' `format: email` means it: the WHATWG (HTML `type=email`) rule,
 * every RFC 5322 dot-atom character allowed before the `@` (`o'brien+tag@…`), at most 254 characters.
 * zod's default is stricter than the documents, so schema-valid addresses were refused.
 */
export function emailAddress(message?: string) {
  return z.email({ pattern: z.regexes.html5Email, ...(message ? { error: message } : {}) }).max(254);
}
