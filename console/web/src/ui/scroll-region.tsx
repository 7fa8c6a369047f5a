import type { ReactNode } from 'react';

/**
 * A frame that scrolls sideways at narrow widths (a table at 375 px): keyboard users must be able to reach and
 * scroll it, so it is a named region in the tab order (axe's `scrollable-region-focusable`).
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable from the keyboard.
    <section className={className} aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}

/** A JSON value (an error envelope, a payload), preformatted in a region that scrolls. */
export function JsonBlock({ label, value }: { label: string; value: unknown }) {
  return (
    <ScrollRegion label={label} className="json-wrap">
      <pre className="json">{JSON.stringify(value, null, 2)}</pre>
    </ScrollRegion>
  );
}
