import type { FieldProblem } from '@travel/errors';

/** Mobile numbers: digits with an optional leading `+`, spaces and dashes allowed between, 7 to 15 digits. */
export function mobileProblems(mobile: string | undefined, path = 'mobile'): FieldProblem[] {
  if (mobile === undefined) return [];
  const digits = mobile.replace(/[\s-]/g, '');
  return /^\+?[0-9]{7,15}$/.test(digits)
    ? []
    : [{ path, message: 'Must be a phone number of 7 to 15 digits, optionally starting with +.' }];
}

export function fullNameProblems(fullName: string | undefined, path = 'fullName'): FieldProblem[] {
  if (fullName === undefined) return [];
  const trimmed = fullName.trim();
  return trimmed.length >= 1 && trimmed.length <= 200
    ? []
    : [{ path, message: 'Must be 1 to 200 characters.' }];
}

/** A calendar date `YYYY-MM-DD` in the past (a date of birth). */
export function dateOfBirthProblems(value: string | undefined, now: Date): FieldProblem[] {
  if (value === undefined) return [];
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = match ? new Date(`${value}T00:00:00Z`) : null;
  const real = date && !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  if (!real) return [{ path: 'dateOfBirth', message: 'Must be a date, YYYY-MM-DD.' }];
  if (date.getTime() > now.getTime() || date.getUTCFullYear() < 1900)
    return [{ path: 'dateOfBirth', message: 'Must be a past date after 1900.' }];
  return [];
}

/** Passport numbers: 5 to 20 letters and digits (ICAO documents use at most 9; some states use more). */
export function passportProblems(value: string | undefined): FieldProblem[] {
  if (value === undefined) return [];
  return /^[A-Za-z0-9]{5,20}$/.test(value)
    ? []
    : [{ path: 'passportNumber', message: 'Must be 5 to 20 letters and digits.' }];
}

export function personNameProblems(value: string, path: string): FieldProblem[] {
  const trimmed = value.trim();
  return trimmed.length >= 1 && trimmed.length <= 100
    ? []
    : [{ path, message: 'Must be 1 to 100 characters.' }];
}
