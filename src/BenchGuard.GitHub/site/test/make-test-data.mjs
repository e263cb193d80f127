// Generates a github-action-benchmark data.js for the trend page's tests: both OSes, time and allocated
// suites, eight commits, parameters (one a flags enum with a comma), a benchmark that appears late, a
// baseline-bump commit, and two injected regressions that the action would alert on at 130%.
// Deterministic: the same file every run, so a failing assertion can be reproduced by hand.
//
// usage: node make-test-data.mjs --out FILE
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

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--out');
  if (at < 0 || !process.argv[at + 1]) {
    console.error('usage: node make-test-data.mjs --out FILE');
    process.exit(2);
  }
  writeFileSync(process.argv[at + 1], dataJsText(makeTrendData()));
  console.log('make-test-data: wrote ' + process.argv[at + 1]);
}
