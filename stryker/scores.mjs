// Prints the mutation score of one finished Stryker run, from the JSON report its config names:
// `node stryker/scores.mjs stryker/<target>.config.mjs [started-at ms]` (a report older than that is a former
// run's). One line for the target, and one per folder when the mutated files lie in several (the gateway's access/
// and middleware/). The score is Stryker's: killed and timed-out mutants over all that compiled and ran (survived
// and not covered count against it).
import { readFileSync, statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { calculateMetrics } from 'mutation-testing-metrics';

const configFile = process.argv[2];
if (!configFile) throw new Error('usage: node stryker/scores.mjs stryker/<target>.config.mjs');
const { default: config } = await import(pathToFileURL(resolve(configFile)).href);
const reportFile = config.jsonReporter?.fileName ?? 'reports/mutation/mutation.json';
const target = basename(configFile, '.config.mjs');

/** @param {import('mutation-testing-metrics').MetricsResult} result */
function line(name, { metrics }) {
  const score = Number.isNaN(metrics.mutationScore) ? 'n/a' : `${metrics.mutationScore.toFixed(2)} %`;
  return `${name.padEnd(28)} ${score.padStart(8)} killed  (${metrics.totalDetected}/${metrics.totalValid}: ${metrics.survived} survived, ${metrics.noCoverage} not covered, ${metrics.timeout} timed out; ${metrics.compileErrors} did not compile)`;
}

const startedAt = Number(process.argv[3] ?? 0);
if ((statSync(reportFile, { throwIfNoEntry: false })?.mtimeMs ?? 0) < startedAt) {
  console.log(`${target.padEnd(28)} no report from this run (${reportFile})`);
  process.exit(0);
}
const root = calculateMetrics(JSON.parse(readFileSync(reportFile, 'utf8')).files);
console.log(line(target, root));
const folders = root.childResults.filter((child) => child.file === undefined);
if (folders.length > 1) for (const folder of folders) console.log(line(`  ${target} ${folder.name}`, folder));
