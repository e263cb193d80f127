// After github-action-benchmark has recorded this commit (with comment-on-alert and fail-on-alert off),
// finds the commit's alerts in gh-pages' data.js with the page's own rule (src/BenchGuard.GitHub/site/page/js/alerts.js)
// and turns them into the confirm-alert matrix: one entry per OS, with the benchmark methods to re-measure.
//   node find-alerts.mjs <data.js> --commit SHA --threshold PERCENT --allocation-tolerance-bytes N
// (both values from scripts/policy)
// Prints the matrix JSON ([] when nothing alerted); in a workflow also sets the step output `alerts` and
// lists the alerts in the job summary. Exit 2 on bad input, with one line on stderr.
import { appendFileSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const alertRule = require('../site/page/js/alerts.js');

// The suite names the workflow gives the action: "FilePipes <metric> (<os>)". Only the metrics the page's rule
// confirms (time, allocated) are re-measured; the deterministic counters' suites are not.
const SUITE_NAME = /^FilePipes ([a-z-]+) \(([a-z0-9][a-z0-9.-]*)\)$/;
// "Namespace.Class.Method(params)": BenchmarkDotNet's --filter selects by the part before the parameters.
const METHOD = /^([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+)(?:\(|$)/;

export class InputError extends Error {}

/** data.js is `window.BENCHMARK_DATA = {...}`: the object, or an InputError. */
export function parseDataJs(text) {
  const start = text.indexOf('{');
  if (!/^\s*window\.BENCHMARK_DATA\s*=/.test(text) || start < 0) {
    throw new InputError('not a github-action-benchmark data.js (no window.BENCHMARK_DATA = {...})');
  }
  try {
    return JSON.parse(text.slice(start).trim().replace(/;\s*$/, ''));
  } catch (error) {
    throw new InputError(`data.js does not hold JSON: ${error.message}`);
  }
}

/** The alerts of one commit: [{ os, metric, name, method, ratio, value, previousValue, previousCommitId }]. */
export function alertsOfCommit(data, commit, threshold, allocationToleranceBytes) {
  const found = [];
  for (const [suite, entries] of Object.entries(data?.entries ?? {})) {
    const match = SUITE_NAME.exec(suite);
    if (!match || !alertRule.CONFIRMED_METRICS.has(match[1]) || !Array.isArray(entries)) {
      continue;
    }
    const [, metric, os] = match;
    const index = entries.findLastIndex((entry) => entry?.commit?.id === commit);
    if (index < 0) {
      continue;
    }
    const alerts = alertRule.findSuiteAlerts(entries, threshold, alertRule.minIncreaseFor(metric, allocationToleranceBytes));
    for (const bench of entries[index].benches) {
      const alert = alerts.get(`${index}\u0000${bench.name}`);
      const method = METHOD.exec(bench.name);
      if (alert && method) {
        found.push({ os, metric, name: bench.name, method: method[1], ratio: alert.ratio, value: bench.value,
          previousValue: alert.previousValue, previousCommitId: alert.previousCommitId });
      }
    }
  }
  return found;
}

/** The confirm-alert matrix: [{ os, methods: "A.B.C D.E.F" }], one entry per OS, sorted. */
export function confirmationMatrix(alerts) {
  const byOs = new Map();
  for (const alert of alerts) {
    byOs.set(alert.os, new Set([...(byOs.get(alert.os) ?? []), alert.method]));
  }
  return [...byOs.keys()].sort().map((os) => ({ os, methods: [...byOs.get(os)].sort().join(' ') }));
}

function summary(alerts, threshold) {
  if (alerts.length === 0) {
    return `No trend alert for this commit (threshold ${Math.round(threshold * 100)}%).\n`;
  }
  const rows = alerts.map((a) => `| ${a.os} | ${a.metric} | \`${a.name}\` | ${a.previousValue} → ${a.value} | ${a.ratio === Infinity ? '∞' : a.ratio.toFixed(2)} |`);
  return [`### Trend alerts to confirm (threshold ${Math.round(threshold * 100)}%)`, '',
    'Each is re-measured below: this commit against its parent on one runner. Only a confirmed one comments and fails.', '',
    '| OS | Metric | Benchmark | Previous → this | Ratio |', '|---|---|---|---:|---:|', ...rows, ''].join('\n');
}

function main(argv, env) {
  const [dataPath, ...rest] = argv;
  const options = {};
  const usage = 'usage: find-alerts.mjs <data.js> --commit SHA --threshold PERCENT --allocation-tolerance-bytes N';
  for (let i = 0; i < rest.length; i += 2) {
    if (!['--commit', '--threshold', '--allocation-tolerance-bytes'].includes(rest[i]) || rest[i + 1] === undefined) {
      throw new InputError(usage);
    }
    options[rest[i].slice(2)] = rest[i + 1];
  }
  if (!dataPath || !/^[0-9a-f]{40}$/.test(options.commit ?? '')) {
    throw new InputError(`${usage} (SHA: 40 hex digits)`);
  }
  if (!/^[0-9]+$/.test(options['allocation-tolerance-bytes'] ?? '')) {
    throw new InputError(`${usage} (N: whole bytes)`);
  }
  const tolerance = Number(options['allocation-tolerance-bytes']);
  let threshold;
  try {
    threshold = alertRule.parseThreshold(options.threshold);
  } catch (error) {
    throw new InputError(error.message);
  }
  let text;
  try {
    text = readFileSync(dataPath, 'utf8');
  } catch {
    throw new InputError(`cannot read ${dataPath}`);
  }
  const alerts = alertsOfCommit(parseDataJs(text), options.commit, threshold, tolerance);
  const matrix = JSON.stringify(confirmationMatrix(alerts));
  process.stdout.write(`${matrix}\n`);
  if (env.GITHUB_OUTPUT) {
    appendFileSync(env.GITHUB_OUTPUT, `alerts=${matrix}\n`);
  }
  if (env.GITHUB_STEP_SUMMARY) {
    appendFileSync(env.GITHUB_STEP_SUMMARY, summary(alerts, threshold));
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    main(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof InputError)) {
      throw error;
    }
    process.stderr.write(`find-alerts: ${error.message}\n`);
    process.exit(2);
  }
}
