/** The keys a process may open with, and the one it seals with (SEALING_KEYS, SEALING_ACTIVE_KEY). */
export interface SealingKeys {
  keys: ReadonlyMap<string, Buffer>;
  activeKid: string;
}

/** A key id: short, and never a `:` (the separator of a sealed value). */
export const KID = /^[A-Za-z0-9_-]{1,32}$/;
export const KEY_BYTES = 32;

/**
 * `kid1:<base64 32 bytes>,kid2:<base64 32 bytes>` into a map; every problem of the text is listed (a key's
 * bytes never are). Empty text is an empty map.
 */
export function parseSealingKeys(text: string): { keys: Map<string, Buffer>; problems: string[] } {
  const keys = new Map<string, Buffer>();
  const problems: string[] = [];
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  entries.forEach((entry, index) => {
    const colon = entry.indexOf(':');
    // Stryker disable next-line EqualityOperator,StringLiteral: equivalent: a colon first leaves no kid either way (slice(0, 0) is ''), and any text put for '' holds a space, which KID refuses too
    const kid = colon < 0 ? '' : entry.slice(0, colon);
    if (!KID.test(kid))
      problems.push(`entry ${index + 1}: must be <kid>:<base64 key>, kid of A-Z a-z 0-9 _ -`);
    else if (keys.has(kid)) problems.push(`entry ${index + 1}: kid ${kid} is given twice`);
    else {
      const key = Buffer.from(entry.slice(colon + 1), 'base64');
      if (key.length !== KEY_BYTES) problems.push(`kid ${kid}: the key must be ${KEY_BYTES} bytes in base64`);
      else keys.set(kid, key);
    }
  });
  return { keys, problems };
}
