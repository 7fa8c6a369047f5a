/**
 * The list, once checked to hold something: a check inside a loop over an empty list checks nothing, so it would
 * pass when what it checks vanished from the chart (a rendered kind, a constraint, a process). `what` names the
 * list in the failure.
 */
export function nonEmpty<T>(items: readonly T[] | undefined, what: string): T[] {
  expect({ what, empty: (items?.length ?? 0) === 0 }).toEqual({ what, empty: false });
  return [...(items ?? [])];
}
