export interface Bar {
  label: string;
  value: number;
  /** A second value drawn over the first (errors over calls). */
  part?: number;
}

/**
 * A small SVG bar chart (no library: a few rectangles); it is a picture of the table beside it, so it is
 * hidden from assistive technology, which reads the table.
 */
export function BarChart({ bars, height = 120 }: { bars: readonly Bar[]; height?: number }) {
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const width = Math.max(1, bars.length) * 12;
  return (
    <svg
      className="bar-chart"
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
    >
      {bars.map((bar, i) => {
        const h = (bar.value / max) * (height - 4);
        const p = ((bar.part ?? 0) / max) * (height - 4);
        return (
          <g key={bar.label}>
            <rect className="bar" x={i * 12 + 1} y={height - h} width={10} height={h} />
            {p > 0 ? <rect className="bar-part" x={i * 12 + 1} y={height - p} width={10} height={p} /> : null}
          </g>
        );
      })}
    </svg>
  );
}
