// Generates a github-action-benchmark data.js for the trend page's tests: both OSes, time and allocated
// suites, eight commits, parameters (one a flags enum with a comma), a benchmark that appears late, a
// baseline-bump commit, and two injected regressions that the action would alert on at 130%.
// Deterministic: the same file every run, so a failing assertion can be reproduced by hand.
//
// With --commits N (and --benchmarks N, default 60), a history of that size instead, in the nine suites main's trend
// holds (makeLargeTrendData): the size the page's first view is measured at.
//
// With --steps FILE, the steps summary of that history as well (makeStepsSummary, makeLargeStepsSummary).
//
// usage: node make-test-data.mjs --out FILE [--steps FILE] [--commits N [--benchmarks N]]
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const REPO_URL = 'https://github.com/example/FilePipes';
export const OSES = ['ubuntu-latest', 'windows-latest'];
const NAMESPACE = 'FilePipes.Benchmarks';

const MESSAGES = [
  'Read through RandomAccess with a pooled buffer (#12)',
  'Add the line-search benchmarks (#15)',
  'Read ahead one segment while the consumer parses (#19)',
  'Write benchmarks with and without preallocation (#23)',
  'Update performance baselines (ubuntu-latest, windows-latest, quick) (#24)',
  'Build the peer adapters on the runners (#26)',
  'Return segments to the pool only after AdvanceTo (#31)',
  'Revert the eager segment return (#33)',
];
export const BUMP_COMMIT_INDEX = 4;

export const READ_METHODS = {
  FileStreamSync: { time: 1.0, allocated: 4424 },
  FileStreamAsync: { time: 1.32, allocated: 4688 },
  RandomAccessSync: { time: 0.94, allocated: 0 },
  FilePipeReader: { time: 0.97, allocated: 612 },
  NaiveFileStreamAdapter: { time: 2.21, allocated: 3816 },
  PipeReaderCreate: { time: 1.57, allocated: 1712 },
  NerdbankStreams: { time: 2.18, allocated: 2950, firstCommit: 5 },
};
const BUFFER_SIZES = [4096, 65536];
const FILE_OPTIONS = ['SequentialScan', 'SequentialScan, Asynchronous'];

// The injected regressions, each an exact ratio against the previous commit of the same suite.
export const INJECTED_ALERTS = [
  {
    suite: 'FilePipes time (ubuntu-latest)',
    commitIndex: 6,
    bench: readName('FilePipeReader', 4096, 'SequentialScan'),
    factor: 1.5,
  },
  {
    suite: 'FilePipes allocated (windows-latest)',
    commitIndex: 3,
    bench: readName('PipeReaderCreate', 65536, 'SequentialScan'),
    factor: 2,
  },
];

export function readName(method, bufferSize, fileOptions) {
  return `${NAMESPACE}.ReadBenchmarks.${method}(BufferSize: ${bufferSize}, FileOptions: ${fileOptions}, File: 128MiB)`;
}

function commitId(index) {
  return createHash('sha1').update('filepipes-test-commit-' + index).digest('hex');
}

export function commitOf(index) {
  const id = commitId(index);
  const timestamp = new Date(Date.UTC(2026, 10, 2 + index, 9 + index, 15)).toISOString().replace('.000Z', 'Z');
  const person = { email: 'dev@example.com', name: 'A Developer', username: 'a-dev' };
  return {
    author: person,
    committer: person,
    distinct: true,
    id,
    message: MESSAGES[index] + (index === BUMP_COMMIT_INDEX ? '\n\nQuick profile, runner ubuntu-24.04.' : ''),
    timestamp,
    tree_id: createHash('sha1').update('tree' + index).digest('hex'),
    url: `${REPO_URL}/commit/${id}`,
  };
}

// Small, fixed wobble (±3%): far below the 30% alert threshold, so only the injected jumps alert.
function wobble(name, index) {
  const digest = createHash('sha256').update(name + '#' + index).digest();
  return 1 + ((digest.readUInt16BE(0) / 65535) * 0.06 - 0.03);
}

function benchesFor(os, metric, index) {
  const benches = [];
  const osFactor = os === 'windows-latest' ? (metric === 'time' ? 1.27 : 1.0) : 1.0;
  const add = (name, value, unit) => {
    const injected = INJECTED_ALERTS.find(
      (a) => a.suite === `FilePipes ${metric} (${os})` && a.bench === name && a.commitIndex === index,
    );
    const final = injected ? value * injected.factor : value;
    const stored = unit === 'B' ? Math.round(final) : Math.round(final * 10) / 10;
    const bench = { name, value: stored, unit };
    if (unit === 'ns') {
      bench.range = '± ' + (Math.round(stored * 0.021 * 10) / 10).toString();
      bench.extra = `median ${Math.round(stored * 0.99)} ns; 15 iterations; job Quick`;
    } else {
      bench.range = '';
      bench.extra = 'allocated bytes per operation';
    }
    benches.push(bench);
  };
  for (const [method, shape] of Object.entries(READ_METHODS)) {
    if (shape.firstCommit !== undefined && (index < shape.firstCommit || os !== 'ubuntu-latest')) {
      continue;
    }
    for (const bufferSize of BUFFER_SIZES) {
      for (const fileOptions of FILE_OPTIONS) {
        const name = readName(method, bufferSize, fileOptions);
        if (metric === 'time') {
          // Read-ahead (commit 2) makes FilePipeReader faster from then on.
          const readAhead = method === 'FilePipeReader' && index >= 2 ? 0.86 : 1;
          const base = bufferSize === 4096 ? 31.5e6 : 21.8e6;
          const asyncCost = fileOptions.includes('Asynchronous') ? 1.12 : 1;
          add(name, base * shape.time * readAhead * asyncCost * osFactor * wobble(os + name, index), 'ns');
        } else {
          const sized = shape.allocated === 0 ? 0 : shape.allocated + (bufferSize === 65536 ? 61440 : 0);
          // The windows allocated regression of INJECTED_ALERTS stays from commit 3 on: only commit 3 alerts.
          const stays = os === 'windows-latest' && method === 'PipeReaderCreate' && bufferSize === 65536 &&
            fileOptions === 'SequentialScan' && index > 3 ? 2 : 1;
          add(name, sized * stays, 'B');
        }
      }
    }
  }
  const lineSearch = { StreamReaderLines: [212e6, 3.1e5], ByteBufferScan: [88e6, 65_560], PipeReaderCreateSequenceReader: [131e6, 4_200], FilePipeReaderSequenceReader: [71e6, 700] };
  for (const [method, [time, allocated]] of Object.entries(lineSearch)) {
    if (method === 'ByteBufferScan' || index >= 1) {
      const name = `${NAMESPACE}.LineSearchBenchmarks.${method}`;
      add(name, metric === 'time' ? time * osFactor * wobble(os + name, index) : allocated, metric === 'time' ? 'ns' : 'B');
    }
  }
  for (const preallocate of ['True', 'False']) {
    for (const size of ['4MiB', '128MiB']) {
      const scale = size === '4MiB' ? 1 : 32;
      for (const [method, time, allocated] of [['FileStreamWrite', 3.9e6, 4_200], ['FilePipeWriter', 3.4e6, 380]]) {
        const name = `${NAMESPACE}.WriteBenchmarks.${method}(Preallocate: ${preallocate}, Size: ${size})`;
        const value = metric === 'time'
          ? time * scale * (preallocate === 'True' ? 0.92 : 1) * osFactor * wobble(os + name, index)
          : allocated;
        add(name, value, metric === 'time' ? 'ns' : 'B');
      }
    }
  }
  return benches;
}

export function makeTrendData() {
  const entries = {};
  for (const os of OSES) {
    for (const metric of ['time', 'allocated']) {
      entries[`FilePipes ${metric} (${os})`] = MESSAGES.map((_, index) => ({
        commit: commitOf(index),
        date: Date.UTC(2026, 10, 2 + index, 10 + index, 0),
        tool: 'customSmallerIsBetter',
        benches: benchesFor(os, metric, index),
      }));
    }
  }
  return { lastUpdate: Date.UTC(2026, 10, 9, 18, 0), repoUrl: REPO_URL, entries };
}

// The exact text github-action-benchmark writes: a prefix and pretty JSON, no trailing semicolon.
export function dataJsText(data) {
  return 'window.BENCHMARK_DATA = ' + JSON.stringify(data, null, 2);
}

// The steps summary the page draws first (the tool's steps.json, schema 1), planted on makeTrendData()'s commits: one
// step of each kind the page lists. The tool would find none in eight commits (a side needs five), so these are
// written here; steps-sample.json is this, and the tool reads it back as a previous summary (ChangePointSummaryTests).
export const PLANTED_STEPS = [
  { id: 'a1', suite: 'FilePipes allocated (windows-latest)', bench: readName('PipeReaderCreate', 65536, 'SequentialScan'), commitIndex: 3, kind: 'regression', state: 'active', confirmation: 'confirmed', bisected: true, before: 63152, after: 126304, ratio: 2, lower: 2, upper: 2, deterministic: true },
  { id: 'b2', suite: 'FilePipes time (ubuntu-latest)', bench: readName('FilePipeReader', 4096, 'SequentialScan'), commitIndex: 6, kind: 'regression', state: 'active', confirmation: 'unconfirmed', before: 26300000, after: 39400000, ratio: 1.5, lower: 1.31, upper: 1.72 },
  { id: 'c3', suite: 'FilePipes time (windows-latest)', bench: readName('NaiveFileStreamAdapter', 4096, 'SequentialScan'), commitIndex: 4, kind: 'regression', state: 'active', confirmation: 'not-confirmed', before: 88400000, after: 96300000, ratio: 1.09, lower: 1.06, upper: 1.12 },
  { id: 'd4', suite: 'FilePipes time (ubuntu-latest)', bench: readName('FilePipeReader', 65536, 'SequentialScan'), commitIndex: 2, kind: 'improvement', state: 'active', confirmation: 'unconfirmed', before: 21100000, after: 18200000, ratio: 0.86, lower: 0.84, upper: 0.88 },
  { id: 'e5', suite: 'FilePipes time (ubuntu-latest)', bench: readName('FileStreamAsync', 4096, 'SequentialScan'), commitIndex: 5, kind: 'regression', state: 'withdrawn', confirmation: 'unconfirmed', before: 41600000, after: 46600000, ratio: 1.12, lower: 1.05, upper: 1.19 },
];

export function makeStepsSummary(data = makeTrendData()) {
  const series = [];
  for (const [suite, entries] of Object.entries(data.entries)) {
    const [, metric, os] = /^FilePipes (\S+) \((.+)\)$/.exec(suite);
    const latest = new Map();
    entries.forEach((entry) => {
      for (const bench of entry.benches) {
        latest.set(bench.name, { entry, bench, count: (latest.get(bench.name)?.count || 0) + 1 });
      }
    });
    for (const [name, { entry, bench, count }] of latest) {
      series.push({
        suite, os, metric, benchmark: name, unit: bench.unit, biggerIsBetter: false, points: count,
        latest: { commit: entry.commit.id, date: isoDate(entry.date), value: bench.value },
      });
    }
  }
  const newest = (suite) => data.entries[suite].at(-1);
  const steps = PLANTED_STEPS.map((p) => {
    const [, metric, os] = /^FilePipes (\S+) \((.+)\)$/.exec(p.suite);
    const entry = data.entries[p.suite][p.commitIndex];
    return {
      id: p.id.padEnd(12, '0'), suite: p.suite, os, metric, benchmark: p.bench, unit: metric === 'time' ? 'ns' : 'B',
      kind: p.kind, state: p.state, commit: entry.commit.id, date: isoDate(entry.date),
      medianBefore: p.before, medianAfter: p.after, ratio: p.ratio, lower: p.lower, upper: p.upper,
      pointsBefore: p.commitIndex, pointsAfter: MESSAGES.length - p.commitIndex, deterministic: p.deterministic === true,
      firstSeen: { commit: newest(p.suite).commit.id, date: isoDate(newest(p.suite).date), value: null },
      withdrawn: p.state === 'withdrawn' ? { commit: newest(p.suite).commit.id, date: isoDate(newest(p.suite).date), value: null } : null,
      confirmation: p.confirmation,
      base: data.entries[p.suite][p.commitIndex - 1].commit.id,
      // A confirmed step whose A/B range a bisection traced to its own commit.
      ...(p.bisected ? { bisect: { good: data.entries[p.suite][p.commitIndex - 1].commit.id, bad: entry.commit.id, commits: 1 } } : {}),
    };
  });
  return {
    schema: 1,
    tool: 'BenchGuard 0.1.0+test',
    repoUrl: data.repoUrl,
    policy: { minSegment: 5, minEffect: 0.05, confidence: 0.99, sameStepDistance: 5 },
    series,
    steps,
  };
}

// A summary of makeLargeTrendData()'s history as the tool writes it: every series' newest point and its one step.
export function makeLargeStepsSummary(data) {
  const summary = { ...makeStepsSummary(), repoUrl: data.repoUrl, series: [] };
  for (const [suite, entries] of Object.entries(data.entries)) {
    const [, metric, os] = /^FilePipes (\S+) \((.+)\)$/.exec(suite);
    const last = entries.at(-1);
    for (const bench of last.benches) {
      summary.series.push({ suite, os, metric, benchmark: bench.name, unit: bench.unit, biggerIsBetter: false, points: entries.length, latest: { commit: last.commit.id, date: isoDate(last.date), value: bench.value } });
    }
  }
  const suite = 'FilePipes time (ubuntu-latest)';
  const entries = data.entries[suite];
  const at = entries.length - 40;
  summary.steps = [{
    id: 'f00000000000', suite, os: 'ubuntu-latest', metric: 'time', benchmark: largeName(0), unit: 'ns', kind: 'regression',
    state: 'active', commit: entries[at].commit.id, date: isoDate(entries[at].date), medianBefore: 1000, medianAfter: 1250,
    ratio: 1.25, lower: 1.24, upper: 1.26, pointsBefore: at, pointsAfter: 40, deterministic: false,
    firstSeen: { commit: last(entries).commit.id, date: isoDate(last(entries).date), value: null }, withdrawn: null, confirmation: 'unconfirmed',
  }];
  return summary;
}

function last(list) {
  return list[list.length - 1];
}

function isoDate(ms) {
  return new Date(ms).toISOString().replace('.000Z', 'Z');
}

// The suites main's trend holds (benchmarks.yml's steps): Linux measures every counter, Windows its bytes.
export const LARGE_SUITES = [
  ...['time', 'allocated', 'counted-bytes', 'read-calls', 'write-calls', 'instructions'].map((m) => [m, 'ubuntu-latest']),
  ...['time', 'allocated', 'counted-bytes'].map((m) => [m, 'windows-latest']),
];
const LARGE_UNITS = { time: 'ns', allocated: 'B', 'counted-bytes': 'B', 'read-calls': 'calls', 'write-calls': 'calls', instructions: 'instructions' };

// The name of the large history's benchmark `index`: six classes of five methods, each with two sizes.
export function largeName(index) {
  const size = index % 2 === 0 ? '4KiB' : '1MiB';
  const method = Math.floor(index / 2) % 5;
  const klass = Math.floor(index / 10);
  return `${NAMESPACE}.Scale${klass}Benchmarks.Method${method}(Size: ${size})`;
}

// A history of the size the page must stay fast at: `commits` points of `benchmarks` benchmarks in each of the nine
// suites, with 3% run-to-run noise on times and one planted +25% time step on ubuntu (benchmark 0, from commit
// commits - 40). Every commit has a distinct id and date.
export function makeLargeTrendData({ commits = 300, benchmarks = 60 } = {}) {
  const entries = {};
  const ids = Array.from({ length: commits }, (_, i) => createHash('sha1').update('large-' + i).digest('hex'));
  for (const [metric, os] of LARGE_SUITES) {
    const unit = LARGE_UNITS[metric];
    entries[`FilePipes ${metric} (${os})`] = ids.map((id, i) => ({
      commit: {
        author: { name: 'A Developer' }, id, message: 'Change ' + i + ' (#' + (100 + i) + ')',
        timestamp: new Date(Date.UTC(2026, 0, 1) + i * 3_600_000 * 7).toISOString().replace('.000Z', 'Z'),
        url: `${REPO_URL}/commit/${id}`,
      },
      date: Date.UTC(2026, 0, 1) + i * 3_600_000 * 7 + 600_000,
      tool: 'customSmallerIsBetter',
      benches: Array.from({ length: benchmarks }, (_, b) => {
        const name = largeName(b);
        const step = metric === 'time' && os === 'ubuntu-latest' && b === 0 && i >= commits - 40 ? 1.25 : 1;
        const base = (b + 1) * 1000;
        const value = unit === 'ns'
          ? Math.round(base * step * wobble(os + name, i))
          : unit === 'instructions' ? base * 40 : unit === 'calls' ? 2 + (b % 3) : base;
        return unit === 'ns'
          ? { name, value, unit, range: '± ' + Math.round(value * 0.02), extra: 'median ' + value + ' ns; 15 iterations; job Quick' }
          : { name, value, unit, range: '', extra: '' };
      }),
    }));
  }
  return { lastUpdate: Date.UTC(2026, 3, 1), repoUrl: REPO_URL, entries };
}

function option(name, fallback) {
  const at = process.argv.indexOf(name);
  return at < 0 ? fallback : process.argv[at + 1];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = option('--out', '');
  const commits = Number(option('--commits', '0'));
  const benchmarks = Number(option('--benchmarks', '60'));
  if (!out || !Number.isInteger(commits) || commits < 0 || !Number.isInteger(benchmarks) || benchmarks < 1) {
    console.error('usage: node make-test-data.mjs --out FILE [--steps FILE] [--commits N [--benchmarks N]]');
    process.exit(2);
  }
  const data = commits > 0 ? makeLargeTrendData({ commits, benchmarks }) : makeTrendData();
  writeFileSync(out, dataJsText(data));
  console.log('make-test-data: wrote ' + out);
  const steps = option('--steps', '');
  if (steps) {
    writeFileSync(steps, JSON.stringify(commits > 0 ? makeLargeStepsSummary(data) : makeStepsSummary(data), null, 2) + '\n');
    console.log('make-test-data: wrote ' + steps);
  }
}
