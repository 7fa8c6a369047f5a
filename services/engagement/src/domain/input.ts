import { badRequest } from '@travel/errors';

export interface FieldProblem {
  path: string;
  message: string;
}

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

/** Addresses are kept lower-cased and trimmed, so one address is one subscriber. */
export function normalEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** Collects problems of one request; `done()` throws them all as one `400 bad_request`. */
export function checks() {
  const problems: FieldProblem[] = [];
  return {
    email(path: string, value: string | undefined, required = true) {
      if (value === undefined || value === '') {
        if (required) problems.push({ path, message: 'is required' });
      } else if (value.length > 254 || !EMAIL.test(value.trim()))
        problems.push({ path, message: 'must be an email address' });
    },
    text(path: string, value: string | undefined, max: number, required = true) {
      if (value === undefined || value.trim() === '') {
        if (required) problems.push({ path, message: 'is required' });
      } else if (value.length > max) problems.push({ path, message: `must be at most ${max} characters` });
    },
    oneOf(path: string, value: string | undefined, allowed: readonly string[]) {
      if (value !== undefined && !allowed.includes(value))
        problems.push({ path, message: `must be one of ${allowed.join(', ')}` });
    },
    add(path: string, message: string) {
      problems.push({ path, message });
    },
    done() {
      if (problems.length > 0) throw badRequest(problems);
    },
  };
}
