/** An ISO 8601 timestamp, or null when the message has none (absent optionals become null). */
export const iso = (date: Date | undefined): string | null => (date ? date.toISOString() : null);
