// The last step of a trend alert on main: reads what each confirm-alert leg left (the exit code of
// scripts/pr-report, the same-runner A/B of the commit against its parent for the alerting benchmarks) and
// settles every alerting OS as
//   confirmed      pr-report found a regression beyond the PR check's fail policy (exit 1): comment and fail;
//   not-confirmed  the A/B found none (exit 0): the alert stays on the page, marked as not confirmed;
//   unchecked      the leg left no verdict (it failed, timed out, or pr-report exited 2): shown as such, no failure.
// The verdict itself is pr-report's (C#, tested there); this only maps it and records it.
//   node settle.mjs --alerts JSON --incoming DIR --record alert-checks.js --commit SHA --run-url URL [--comment-out FILE]
// The record is a script the trend page loads: window.FILEPIPES_ALERT_CHECKS = {<commit>: {...}}.
// Exit 1 when an alert is confirmed (after the record and the comment body are written), 0 when none is, 2 on
// bad input with one line on stderr.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { artifactName } from '../pr-comment/artifact-names.mjs';

export class InputError extends Error {}

// How many commits the record keeps: the trend keeps 300 points per suite (max-items-in-chart).
export const RECORD_LIMIT = 300;
// A comment carries each confirmed OS's report, capped so that a huge report cannot fill the commit page.
const REPORT_CAP = 20000;

/** The matrix publish-trend passed on: [{ os, methods }], validated (it reaches file paths). */
export function parseAlerts(json) {
  let alerts;
  try {
    alerts = JSON.parse(json);
  } catch {
    throw new InputError('--alerts is not JSON');
  }
  if (!Array.isArray(alerts) || !alerts.every((a) => /^[a-z0-9][a-z0-9.-]*$/.test(a?.os ?? '')
      && /^[A-Za-z0-9_.]+( [A-Za-z0-9_.]+)*$/.test(a?.methods ?? ''))) {
    throw new InputError('--alerts must be [{"os": "<runner label>", "methods": "<A.B.C D.E.F>"}]');
  }
  return alerts;
}

/** One check per alerting OS: { os, methods, status, exitCode, report } (report: the leg's report.md or null). */
export function settleAlerts(alerts, incomingDir) {
  return alerts.map(({ os, methods }) => {
    const leg = join(incomingDir, artifactName('alert-check', os));
    const statusFile = join(leg, 'status');
    const code = existsSync(statusFile) ? readFileSync(statusFile, 'utf8').trim() : '';
    const status = code === '1' ? 'confirmed' : code === '0' ? 'not-confirmed' : 'unchecked';
    const reportFile = join(leg, 'report.md');
    const report = existsSync(reportFile) ? readFileSync(reportFile, 'utf8').slice(0, REPORT_CAP) : null;
    return { os, methods, status, exitCode: code === '' ? null : code, report };
  });
}

/** The record on gh-pages, keyed by commit, newest last, at most RECORD_LIMIT commits. */
export function recordChecks(record, { commit, runUrl, checkedAt, checks }) {
  const next = { ...(record ?? {}) };
  delete next[commit];
  next[commit] = {
    checkedAt,
    runUrl,
    oses: Object.fromEntries(checks.map((c) => [c.os, { status: c.status, methods: c.methods.split(' ') }])),
  };
  const commits = Object.keys(next);
  for (const old of commits.slice(0, Math.max(0, commits.length - RECORD_LIMIT))) {
    delete next[old];
  }
  return next;
}

const RECORD_PREFIX = 'window.FILEPIPES_ALERT_CHECKS = ';

export function formatRecord(record) {
  return `${RECORD_PREFIX}${JSON.stringify(record, null, 1)};\n`;
}

export function parseRecord(text, where = 'the record') {
  if (!text.startsWith(RECORD_PREFIX)) {
    throw new InputError(`${where} does not start with '${RECORD_PREFIX.trim()}'`);
  }
  try {
    return JSON.parse(text.slice(RECORD_PREFIX.length).trim().replace(/;$/, ''));
  } catch {
    throw new InputError(`${where} does not hold JSON`);
  }
}

export function commentBody({ commit, runUrl, checks }) {
  const confirmed = checks.filter((c) => c.status === 'confirmed');
  const lines = ['## ⚠️ A trend alert on this commit is confirmed', '',
    `A same-runner A/B of \`${commit.slice(0, 10)}\` against its parent, for the benchmarks that alerted, found a regression beyond the PR check's fail policy. [The run](${runUrl}).`, ''];
  for (const check of confirmed) {
    lines.push(`### ${check.os}`, '', check.report ?? '(the leg left no report.md)', '');
  }
  const others = checks.filter((c) => c.status !== 'confirmed');
  if (others.length > 0) {
    lines.push(`Also alerting, not confirmed: ${others.map((c) => `${c.os} (${c.status})`).join(', ')}.`, '');
  }
  return lines.join('\n');
}

function parseArgs(argv) {
  const known = ['--alerts', '--incoming', '--record', '--commit', '--run-url', '--comment-out'];
  const options = {};
  for (let i = 0; i < argv.length; i += 2) {
    if (!known.includes(argv[i]) || argv[i + 1] === undefined) {
      throw new InputError(`usage: settle.mjs ${known.map((k) => `${k} VALUE`).join(' ')}`);
    }
    options[argv[i].slice(2)] = argv[i + 1];
  }
  for (const required of ['alerts', 'incoming', 'record', 'commit', 'run-url']) {
    if (options[required] === undefined) {
      throw new InputError(`--${required} is required`);
    }
  }
  if (!/^[0-9a-f]{40}$/.test(options.commit)) {
    throw new InputError('--commit must be 40 hex digits');
  }
  if (!/^https?:\/\/[^\s()]+$/.test(options['run-url'])) {
    throw new InputError('--run-url must be an http(s) URL');
  }
  return options;
}

function main(argv) {
  const options = parseArgs(argv);
  const checks = settleAlerts(parseAlerts(options.alerts), options.incoming);
  const record = existsSync(options.record) ? parseRecord(readFileSync(options.record, 'utf8'), options.record) : {};
  const updated = recordChecks(record, { commit: options.commit, runUrl: options['run-url'], checkedAt: new Date().toISOString(), checks });
  writeFileSync(options.record, formatRecord(updated));
  for (const check of checks) {
    process.stdout.write(`settle: ${check.os}: ${check.status} (${check.methods})\n`);
  }
  const confirmed = checks.some((c) => c.status === 'confirmed');
  if (confirmed && options['comment-out']) {
    writeFileSync(options['comment-out'], commentBody({ commit: options.commit, runUrl: options['run-url'], checks }));
  }
  return confirmed ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof InputError)) {
      throw error;
    }
    process.stderr.write(`settle: ${error.message}\n`);
    process.exit(2);
  }
}
