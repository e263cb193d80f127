// The page's data logic, run in Node on the same files the browser loads.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { makeTrendData, INJECTED_ALERTS, BUMP_COMMIT_INDEX } from './make-test-data.mjs';

const require = createRequire(import.meta.url);
const { parseBenchmarkName } = require('../page/js/benchmark-name.js');
const { parseThreshold, findSuiteAlerts, minIncreaseFor, alertCheckText } = require('../page/js/alerts.js');
const { formatValue, formatRange, formatRatio } = require('../page/js/units.js');
const trendModel = require('../page/js/trend-model.js');

const entry = (id, benches, tool = 'customSmallerIsBetter') => ({ commit: { id }, tool, benches });
const bench = (name, value) => ({ name, value, unit: 'ns' });

test('a FullName splits into class, method and parameters, a flags-enum value keeping its comma', () => {
  const name = parseBenchmarkName(
    'FilePipes.Benchmarks.ReadBenchmarks.FilePipeReader(BufferSize: 4096, FileOptions: SequentialScan, Asynchronous, File: 128MiB)',
  );
  assert.equal(name.namespace, 'FilePipes.Benchmarks');
  assert.equal(name.className, 'ReadBenchmarks');
  assert.equal(name.method, 'FilePipeReader');
  assert.deepEqual(name.parameters, [
    { name: 'BufferSize', value: '4096' },
    { name: 'FileOptions', value: 'SequentialScan, Asynchronous' },
    { name: 'File', value: '128MiB' },
  ]);
  const plain = parseBenchmarkName('FilePipes.Benchmarks.LineSearchBenchmarks.ByteBufferScan');
  assert.equal(plain.className, 'LineSearchBenchmarks');
  assert.equal(plain.method, 'ByteBufferScan');
  assert.deepEqual(plain.parameters, []);
});

test('the threshold is read as the action reads it, and anything else is refused', () => {
  assert.equal(parseThreshold('130%'), 1.3);
  assert.equal(parseThreshold('112.5%'), 1.125);
  assert.throws(() => parseThreshold('1.3'), /must be a percentage/);
  assert.throws(() => parseThreshold(''), /must be a percentage/);
});

test('alerts: strictly above the threshold, against the last entry with a different commit id', () => {
  const entries = [
    entry('a', [bench('x', 100), bench('y', 100)]),
    entry('b', [bench('x', 130), bench('y', 131), bench('new', 5)]),
    // A re-run of commit b is compared with a, not with the first b.
    entry('b', [bench('x', 100), bench('y', 140)]),
  ];
  const alerts = findSuiteAlerts(entries, 1.3);
  assert.deepEqual([...alerts.keys()].sort(), ['1\u0000y', '2\u0000y']);
  assert.equal(alerts.get('2\u0000y').ratio, 1.4);
  assert.equal(alerts.get('2\u0000y').previousCommitId, 'a');
});

test('alerts: zero to zero is ratio 1, zero to something is an alert, bigger-is-better tools invert', () => {
  const zero = findSuiteAlerts([entry('a', [bench('z', 0), bench('w', 0)]), entry('b', [bench('z', 0), bench('w', 8)])], 1.3);
  assert.deepEqual([...zero.keys()], ['1\u0000w']);
  assert.equal(zero.get('1\u0000w').ratio, Infinity);
  const bigger = findSuiteAlerts(
    [entry('a', [bench('ops', 200)], 'customBiggerIsBetter'), entry('b', [bench('ops', 100)], 'customBiggerIsBetter')],
    1.3,
  );
  assert.equal(bigger.get('1\u0000ops').ratio, 2);
});

test('alerts: an allocation must also grow by more than 512 B, so 0 B to a few hundred bytes never alerts alone', () => {
  const entries = [entry('a', [bench('zero', 0), bench('big', 1000), bench('edge', 0)]),
    entry('b', [bench('zero', 400), bench('big', 2000), bench('edge', 513)])];
  assert.deepEqual([...findSuiteAlerts(entries, 1.3, minIncreaseFor('allocated', 512)).keys()].sort(), ['1\u0000big', '1\u0000edge']);
  assert.deepEqual([...findSuiteAlerts(entries, 1.3, minIncreaseFor('time', 512)).keys()].sort(), ['1\u0000big', '1\u0000edge', '1\u0000zero']);
  const model = trendModel.buildModel({ entries: { 'FilePipes allocated (ubuntu-latest)': entries } }, { alertThreshold: '130%', allocationToleranceBytes: 512 });
  assert.equal(model.suites[0].benches.get('zero').points[1].alert, null, 'the page rings what the workflow confirms');
});

test('alerts: the page names what the A/B made of each alert, and an alert not yet checked as such', () => {
  const checks = { c1: { oses: { 'ubuntu-latest': { status: 'not-confirmed' }, 'windows-latest': { status: 'confirmed' } } } };
  assert.equal(alertCheckText(checks, 'c1', 'ubuntu-latest'), 'not confirmed by a same-runner A/B');
  assert.equal(alertCheckText(checks, 'c1', 'windows-latest'), 'confirmed by a same-runner A/B');
  assert.equal(alertCheckText(checks, 'c2', 'ubuntu-latest'), 'not re-measured: the steps in the trend are');
  assert.equal(alertCheckText(undefined, 'c1', 'ubuntu-latest'), 'not re-measured: the steps in the trend are', 'no alert-checks.js on gh-pages');
  assert.equal(alertCheckText(checks, 'c1', 'windows-latest', 'time'), 'confirmed by a same-runner A/B');
  assert.equal(alertCheckText(checks, 'c1', 'windows-latest', 'instructions'), 'a deterministic counter: not re-measured');
});

test('the counters\' suites are metrics of their own, after time and allocated, in their own units', () => {
  const read = 'FilePipes.Benchmarks.ReadBenchmarks.FilePipeReader(BufferSize: 4096)';
  const suite = (unit, value) => [entry('a', [{ name: read, value, unit }])];
  const model = trendModel.buildModel({
    entries: {
      'FilePipes instructions (ubuntu-latest)': suite('instructions', 230_107_749),
      'FilePipes read-calls (ubuntu-latest)': suite('calls', 32_769),
      'FilePipes counted-bytes (windows-latest)': suite('B', 816),
      'FilePipes time (ubuntu-latest)': suite('ns', 1e7),
      'FilePipes calls (ubuntu-latest)': suite('calls', 1),
    },
  }, { alertThreshold: '130%', allocationToleranceBytes: 512 });
  assert.deepEqual(model.metrics, ['time', 'counted-bytes', 'read-calls', 'instructions']);
  assert.deepEqual(model.ignoredSuites, ['FilePipes calls (ubuntu-latest)']);
  assert.equal(trendModel.findSuite(model, 'windows-latest', 'counted-bytes').benches.get(read).points[0].value, 816);
  assert.ok(model.metrics.every((m) => typeof trendModel.METRIC_TEXT[m].label === 'string'));
  assert.equal(formatValue(230_107_749, 'instructions'), '230 M instructions');
  assert.equal(formatValue(32_769, 'calls'), '32.8 k calls');
  assert.equal(formatValue(2_048, 'calls'), '2.05 k calls');
  assert.equal(formatValue(0, 'calls'), '0 calls');
});

test('units are humanized for time and bytes, and a "± n" range in the same unit', () => {
  assert.equal(formatValue(950, 'ns'), '950 ns');
  assert.equal(formatValue(31_456_789, 'ns'), '31.5 ms');
  assert.equal(formatValue(2.5e9, 'ns'), '2.5 s');
  assert.equal(formatValue(0, 'B'), '0 B');
  assert.equal(formatValue(4424, 'B'), '4.32 KiB');
  assert.equal(formatValue(3 * 1024 * 1024, 'B'), '3 MiB');
  assert.equal(formatRange('± 12345.6', 'ns'), '± 12.3 µs');
  assert.equal(formatRange('stddev: 3', 'ns'), 'stddev: 3');
  assert.equal(formatRatio(0.8666), '0.87×');
});

test('the generated data yields exactly the injected alerts and marks the bump commit', () => {
  const model = trendModel.buildModel(makeTrendData(), { alertThreshold: '130%', allocationToleranceBytes: 512 });
  assert.deepEqual(model.oses, ['ubuntu-latest', 'windows-latest']);
  assert.deepEqual(model.metrics, ['time', 'allocated']);
  const found = [];
  for (const suite of model.suites) {
    for (const [fullName, series] of suite.benches) {
      series.points.forEach((point, index) => {
        if (point && point.alert) {
          found.push({ suite: suite.name, bench: fullName, commitIndex: index });
        }
      });
    }
    assert.deepEqual(
      suite.commits.flatMap((c, index) => (c.isBaselineBump ? [index] : [])),
      [BUMP_COMMIT_INDEX],
    );
  }
  const injected = INJECTED_ALERTS.map(({ suite, bench: b, commitIndex }) => ({ suite, bench: b, commitIndex }));
  const key = (a) => a.suite + a.bench + a.commitIndex;
  assert.deepEqual(found.sort((p, q) => key(p).localeCompare(key(q))), injected.sort((p, q) => key(p).localeCompare(key(q))));
});

test('ratio groups divide by the baseline method at the same commit and parameters', () => {
  const data = makeTrendData();
  const model = trendModel.buildModel(data, { alertThreshold: '130%', allocationToleranceBytes: 512 });
  const suite = trendModel.findSuite(model, 'ubuntu-latest', 'time');
  const combos = trendModel.ratioGroups([suite], 'ReadBenchmarks', 'FileStreamSync', () => true);
  const combo = combos.find((c) => c.parameterText === 'BufferSize: 65536, FileOptions: SequentialScan, File: 128MiB');
  const ratios = combo.bySuite.get(suite.name).get('FilePipeReader');
  const raw = data.entries[suite.name][3].benches;
  const value = (method) =>
    raw.find((b) => b.name === `FilePipes.Benchmarks.ReadBenchmarks.${method}(${combo.parameterText})`).value;
  assert.equal(ratios[3].ratio, value('FilePipeReader') / value('FileStreamSync'));
  assert.ok(!combo.methods.includes('FileStreamSync'));
  // NerdbankStreams starts at commit 5: no ratio before it.
  const late = combo.bySuite.get(suite.name).get('NerdbankStreams');
  assert.equal(late[4], null);
  assert.notEqual(late[5], null);
});

test('suites with other names are ignored, not misread', () => {
  const model = trendModel.buildModel(
    { entries: { 'Some other suite': [], 'FilePipes time (ubuntu-latest)': [entry('a', [bench('N.C.M', 1)])] } },
    { alertThreshold: '130%', allocationToleranceBytes: 512 },
  );
  assert.deepEqual(model.ignoredSuites, ['Some other suite']);
  assert.equal(model.suites.length, 1);
});
