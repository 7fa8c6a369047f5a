import { availableParallelism, cpus, loadavg } from 'node:os';
import type { Measurement } from './load';

/** The benchmark's output: its tables and its last word. */

export const print = (line = '') => process.stdout.write(`${line}\n`);

export function fail(message: string): never {
  console.error(`bench: ${message}`);
  process.exit(1);
}

const fixed = (value: number, digits = 2) => (Number.isNaN(value) ? '-' : value.toFixed(digits));
export const count = (value: number) => Math.round(value).toLocaleString('en-US');

/** `1 connection`, `10 connections`. */
export const connections = (n: number) => `${n} connection${n === 1 ? '' : 's'}`;

/** Column widths after the first, which is left-aligned and as wide as its longest name (at least 33). */
const WIDTHS = [9, 9, 9, 10, 8, 7];

/** What the good and the other answers are called in a table's heading. */
export interface AnswerLabels {
  good: string;
  other: string;
}

const ANY_2XX: AnswerLabels = { good: '2xx', other: 'non-2xx' };

function line(first: number, cells: string[]): string {
  const padded = cells.map((cell, i) => (i === 0 ? cell.padEnd(first) : cell.padStart(WIDTHS[i - 1] ?? 0)));
  return `  ${padded.join('')}`;
}

function row(first: number, m: Measurement, note: string): string {
  const cells = [m.target, count(m.rps), fixed(m.p50), fixed(m.p99), count(m.ok), count(m.bad)];
  const problems = Object.entries(m.problems);
  const detail =
    problems.length > 0 ? `   (${problems.map(([label, n]) => `${label}: ${n}`).join(', ')})` : '';
  return line(first, [...cells, count(m.errors)]) + (note ? `   ${note}` : '') + detail;
}

/** One row a measurement; `note` adds a word after a row (a mark). */
export function printTable(
  title: string,
  rows: (Measurement | undefined)[],
  labels = ANY_2XX,
  note: (m: Measurement) => string = () => '',
): void {
  const present = rows.filter((m): m is Measurement => m !== undefined);
  const first = Math.max(33, ...present.map((m) => m.target.length + 2));
  print();
  print(title);
  print(line(first, ['target', 'req/s', 'p50 ms', 'p99 ms', labels.good, labels.other, 'errors']));
  for (const m of present) print(row(first, m, note(m)));
}

export function printMachine(): void {
  const model = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const average = loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  print(
    `machine: ${availableParallelism()} cores (${model}), Node ${process.version}, ${process.platform} ${process.arch}, load average ${average}`,
  );
}

export function printLoad(load: { connections: number; seconds: number; warmupSeconds: number }): void {
  print(
    `load: autocannon, ${connections(load.connections).replace(' ', ' keep-alive ')}, ${load.seconds} s per run after ${load.warmupSeconds} s of warm-up per target`,
  );
}
