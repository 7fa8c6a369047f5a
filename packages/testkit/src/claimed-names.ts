// On the test file's own global object (jest gives each file one), not in module state: the component tier's
// test environment reads it there once the file's last afterAll has run (test/support/component-environment.js).
const LEDGER = Symbol.for('@travel/testkit/claimed-names');

type WithLedger = { [LEDGER]?: Set<string> };

/** The names uniqueName has handed out to the test file whose global this is. */
export function claimedNames(global: object = globalThis): Set<string> {
  const holder = global as WithLedger;
  holder[LEDGER] ??= new Set();
  return holder[LEDGER];
}
