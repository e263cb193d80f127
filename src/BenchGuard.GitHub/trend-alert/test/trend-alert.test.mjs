// The trend alert's confirmation on main: which commit's points alert (the page's rule, with the allocation
// floor), the confirm-alert matrix, and how each OS's A/B outcome settles the alert.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { alertsOfCommit, confirmationMatrix, parseDataJs } from '../find-alerts.mjs';
import { artifactName } from '../../pr-comment/artifact-names.mjs';
import { commentBody, parseAlerts, parseRecord, recordChecks, RECORD_LIMIT, settleAlerts } from '../settle.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
const temp = (prefix) => mkdtempSync(join(tmpdir(), prefix));
const sha = (c) => c.repeat(40);
const entry = (commit, benches) => ({ commit: { id: commit }, date: 0, tool: 'customSmallerIsBetter', benches });
const bench = (name, value, unit) => ({ name, value, unit });
const READ = 'FilePipes.Benchmarks.ReadBenchmarks.FilePipeReader(BufferSize: 4096, File: 128MiB)';
const READ64 = 'FilePipes.Benchmarks.ReadBenchmarks.FilePipeReader(BufferSize: 65536, File: 128MiB)';
const WRITE = 'FilePipes.Benchmarks.WriteBenchmarks.FilePipeWriter(BufferSize: 65536, File: 4MiB)';

function data() {
  return {
    entries: {
      'FilePipes time (ubuntu-latest)': [
        entry(sha('a'), [bench(READ, 100, 'ns'), bench(READ64, 100, 'ns'), bench(WRITE, 100, 'ns')]),
        entry(sha('b'), [bench(READ, 131, 'ns'), bench(READ64, 200, 'ns'), bench(WRITE, 129, 'ns')]),
      ],
      'FilePipes allocated (ubuntu-latest)': [
        entry(sha('a'), [bench(READ, 0, 'B'), bench(WRITE, 1000, 'B')]),
        // 0 B → 400 B is an infinite ratio, but below the 512 B floor; 1000 → 2000 B is past both.
        entry(sha('b'), [bench(READ, 400, 'B'), bench(WRITE, 2000, 'B')]),
      ],
      'FilePipes time (windows-latest)': [
        entry(sha('a'), [bench(WRITE, 100, 'ns')]),
        entry(sha('b'), [bench(WRITE, 120, 'ns')]),
      ],
      'Someone else (ubuntu-latest)': [entry(sha('a'), [bench(READ, 1, 'ns')]), entry(sha('b'), [bench(READ, 9, 'ns')])],
      // A deterministic counter's jump is a real change, gated by the PR's counters check: never re-measured here.
      'FilePipes instructions (windows-latest)': [entry(sha('a'), [bench(WRITE, 1e6, 'instructions')]), entry(sha('b'), [bench(WRITE, 2e6, 'instructions')])],
      'FilePipes counted-bytes (ubuntu-latest)': [entry(sha('a'), [bench(READ64, 0, 'B')]), entry(sha('b'), [bench(READ64, 4096, 'B')])],
    },
  };
}

test('find-alerts: the commit\'s points above the threshold; 0 B to a few hundred bytes never alerts by itself', () => {
  const alerts = alertsOfCommit(data(), sha('b'), 1.3, 512);
  assert.deepEqual(alerts.map((a) => `${a.os} ${a.metric} ${a.name}`).sort(), [
    `ubuntu-latest allocated ${WRITE}`,
    `ubuntu-latest time ${READ}`,
    `ubuntu-latest time ${READ64}`,
  ]);
  assert.ok(alertsOfCommit(data(), sha('b'), 1.3, 399).some((a) => a.metric === 'allocated' && a.name === READ), 'the tolerance given is the one applied');
  assert.throws(() => alertsOfCommit(data(), sha('b'), 1.3), /allocation tolerance must be a number of bytes/, 'no tolerance is no default');
  assert.deepEqual(alertsOfCommit(data(), sha('a'), 1.3, 512), [], 'the first point has nothing to compare with');
  assert.deepEqual(alertsOfCommit(data(), sha('c'), 1.3, 512), [], 'a commit that is not in data.js has no alerts');
  assert.deepEqual(confirmationMatrix(alerts), [{
    os: 'ubuntu-latest',
    methods: 'FilePipes.Benchmarks.ReadBenchmarks.FilePipeReader FilePipes.Benchmarks.WriteBenchmarks.FilePipeWriter',
  }]);
});

test('find-alerts CLI: reads data.js, sets the step output and the summary, refuses bad input with exit 2', () => {
  const dir = temp('find-alerts-');
  const dataJs = join(dir, 'data.js');
  writeFileSync(dataJs, `window.BENCHMARK_DATA = ${JSON.stringify(data())};\n`);
  const output = join(dir, 'output');
  const summary = join(dir, 'summary');
  writeFileSync(output, '');
  writeFileSync(summary, '');
  const run = (args) => spawnSync('node', ['src/BenchGuard.GitHub/trend-alert/find-alerts.mjs', ...args], { cwd: repo, encoding: 'utf8', env: { ...process.env, GITHUB_OUTPUT: output, GITHUB_STEP_SUMMARY: summary } });
  const ok = run([dataJs, '--commit', sha('b'), '--threshold', '130%', '--allocation-tolerance-bytes', '512']);
  assert.equal(ok.status, 0, ok.stderr);
  const matrix = JSON.parse(/^alerts=(.*)$/m.exec(readFileSync(output, 'utf8'))[1]);
  assert.deepEqual(matrix.map((m) => m.os), ['ubuntu-latest']);
  assert.match(readFileSync(summary, 'utf8'), /Trend alerts to confirm/);
  for (const bad of [[dataJs, '--commit', 'HEAD', '--threshold', '130%', '--allocation-tolerance-bytes', '512'],
    [dataJs, '--commit', sha('b'), '--threshold', '1.3', '--allocation-tolerance-bytes', '512'],
    [dataJs, '--commit', sha('b'), '--threshold', '130%'], [dataJs, '--commit', sha('b'), '--threshold', '130%', '--allocation-tolerance-bytes', '5%'],
    [join(dir, 'missing.js'), '--commit', sha('b'), '--threshold', '130%', '--allocation-tolerance-bytes', '512']]) {
    const refused = run(bad);
    assert.equal(refused.status, 2, bad.join(' '));
    assert.equal(refused.stderr.trim().split('\n').length, 1);
  }
  assert.throws(() => parseDataJs('{"entries": {}}'), /window.BENCHMARK_DATA/);
});

function confirmations(statusByOs) {
  const incoming = temp('confirmations-');
  for (const [os, status] of Object.entries(statusByOs)) {
    const leg = join(incoming, artifactName('alert-check', os));
    mkdirSync(leg, { recursive: true });
    if (status !== null) {
      writeFileSync(join(leg, 'status'), `${status}\n`);
    }
    writeFileSync(join(leg, 'report.md'), `report of ${os}\n`);
  }
  return incoming;
}

test('settle: pr-report exit 1 confirms, 0 does not, anything else or nothing is unchecked', () => {
  const alerts = parseAlerts(JSON.stringify([
    { os: 'ubuntu-latest', methods: 'A.B.C' }, { os: 'windows-latest', methods: 'A.B.D' }, { os: 'macos-latest', methods: 'A.B.E' }]));
  const incoming = confirmations({ 'ubuntu-latest': 1, 'windows-latest': 0 });
  const checks = settleAlerts(alerts, incoming);
  assert.deepEqual(checks.map((c) => [c.os, c.status]), [['ubuntu-latest', 'confirmed'], ['windows-latest', 'not-confirmed'], ['macos-latest', 'unchecked']]);
  assert.deepEqual(settleAlerts(alerts.slice(0, 1), confirmations({ 'ubuntu-latest': 2 })).map((c) => c.status), ['unchecked']);
  const body = commentBody({ commit: sha('b'), runUrl: 'https://example.invalid/run/1', checks });
  assert.match(body, /### ubuntu-latest\n\nreport of ubuntu-latest/);
  assert.doesNotMatch(body, /report of windows-latest/);
  assert.match(body, /windows-latest \(not-confirmed\), macos-latest \(unchecked\)/);
  assert.throws(() => parseAlerts('[{"os": "../x", "methods": "A"}]'), /runner label/);
  assert.throws(() => parseAlerts('[{"os": "ubuntu-latest", "methods": "A; rm -rf"}]'), /runner label/);
});

test('settle: the record keeps the newest commits and replaces a re-checked one', () => {
  let record = {};
  for (let i = 0; i < RECORD_LIMIT + 5; i++) {
    record = recordChecks(record, { commit: i.toString(16).padStart(40, '0'), runUrl: 'u', checkedAt: 't', checks: [{ os: 'ubuntu-latest', methods: 'A.B', status: 'not-confirmed' }] });
  }
  const commits = Object.keys(record);
  assert.equal(commits.length, RECORD_LIMIT);
  assert.equal(commits[0], (5).toString(16).padStart(40, '0'));
  record = recordChecks(record, { commit: commits[0], runUrl: 'u2', checkedAt: 't2', checks: [{ os: 'ubuntu-latest', methods: 'A.B A.C', status: 'confirmed' }] });
  assert.equal(Object.keys(record).at(-1), commits[0]);
  assert.deepEqual(record[commits[0]].oses['ubuntu-latest'], { status: 'confirmed', methods: ['A.B', 'A.C'] });
});

test('settle CLI: exit 1 and a comment body on a confirmed alert, 0 without; the record is written either way', () => {
  const dir = temp('settle-');
  const record = join(dir, 'alert-checks.js');
  const comment = join(dir, 'comment.md');
  const run = (alerts, incoming) => spawnSync('node', ['src/BenchGuard.GitHub/trend-alert/settle.mjs', '--alerts', alerts, '--incoming', incoming,
    '--record', record, '--commit', sha('b'), '--run-url', 'https://example.invalid/run/1', '--comment-out', comment], { cwd: repo, encoding: 'utf8' });
  const notConfirmed = run('[{"os":"ubuntu-latest","methods":"A.B.C"}]', confirmations({ 'ubuntu-latest': 0 }));
  assert.equal(notConfirmed.status, 0, notConfirmed.stderr);
  assert.equal(parseRecord(readFileSync(record, 'utf8'))[sha('b')].oses['ubuntu-latest'].status, 'not-confirmed');
  const confirmed = run('[{"os":"ubuntu-latest","methods":"A.B.C"}]', confirmations({ 'ubuntu-latest': 1 }));
  assert.equal(confirmed.status, 1);
  assert.equal(parseRecord(readFileSync(record, 'utf8'))[sha('b')].oses['ubuntu-latest'].status, 'confirmed');
  assert.match(readFileSync(comment, 'utf8'), /trend alert on this commit is confirmed/);
  const refused = run('not json', dir);
  assert.equal(refused.status, 2);
  assert.equal(refused.stderr.trim().split('\n').length, 1);
});
