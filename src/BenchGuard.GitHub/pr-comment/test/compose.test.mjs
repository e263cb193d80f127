import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync, symlinkSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  capMarkdown, collectLegs, composeComment, FORMER_MARKER, hasMarker, InputError, MARKER, MAX_COMMENT_CHARS, nestHeadings, parsePrNumber, runIdOf,
} from '../compose.mjs';
import { artifactName, artifactPattern, osFromArtifactName } from '../artifact-names.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const OSES = ['ubuntu-latest', 'windows-latest'];
const RUN = { runId: 4242, runUrl: 'https://github.com/o/r/actions/runs/4242', headSha: 'a'.repeat(40) };

function incomingWith(legs, nameOf = (os) => artifactName('pr-report', os)) {
  const root = mkdtempSync(join(tmpdir(), 'perf-incoming-'));
  for (const [os, files] of Object.entries(legs)) {
    const dir = join(root, nameOf(os));
    mkdirSync(dir);
    for (const [name, text] of Object.entries(files)) {
      writeFileSync(join(dir, name), text);
    }
  }
  return root;
}

const okReport = (os) => `✅ no regressions on ${os}\n\n<details><summary>All benchmarks</summary>\n\n| Benchmark | Ratio |\n|---|---|\n| Read | 1.00 |\n\n</details>\n`;

test('both legs ok: one comment, one section per OS in matrix order, marker and run id', () => {
  const incoming = incomingWith({
    'ubuntu-latest': { 'pr-number': '17\n', 'report.md': okReport('ubuntu') },
    'windows-latest': { 'pr-number': '17', 'report.md': okReport('windows') },
  });
  const jobs = { 'ubuntu-latest': { conclusion: 'success' }, 'windows-latest': { conclusion: 'success' } };
  const { prNumber, legs } = collectLegs({ incomingDir: incoming, oses: OSES, jobs });
  assert.equal(prNumber, 17);
  const body = composeComment({ ...RUN, legs });
  assert.ok(body.startsWith(MARKER));
  assert.equal(runIdOf(body), 4242);
  const ubuntu = body.indexOf('### ubuntu-latest');
  const windows = body.indexOf('### windows-latest');
  assert.ok(ubuntu > 0 && windows > ubuntu, 'sections in matrix order');
  assert.match(body, /no regressions on ubuntu/);
  assert.match(body, /no regressions on windows/);
  assert.doesNotMatch(body, /❌/);
  assert.equal(body.split(MARKER).length, 2, 'the marker appears once');
});

// Shaped like the comparer's `report` output (OsReportMarkdown): a level-2 headline, level-3 parts.
const osReport = (os) => `## ${os}: ✅ no slowdown in A/B, 0 more allocations\n\n### 1. Timing: head vs base on this runner (A/B)\n\n` +
  '```\n## a code line, not a heading\n```\n\n### 2. Allocations vs the stored baseline\n\nnone\n';

test('each OS report nests under its OS heading: every heading of a section is deeper than the section', () => {
  const incoming = incomingWith({
    'ubuntu-latest': { 'pr-number': '17', 'report.md': osReport('ubuntu-latest') },
    'windows-latest': { 'pr-number': '17', 'report.md': osReport('windows-latest') },
  });
  const { legs } = collectLegs({ incomingDir: incoming, oses: OSES, jobs: {} });
  const body = composeComment({ ...RUN, legs });
  let inFence = false;
  const levels = [];
  for (const line of body.split('\n')) {
    if (line.startsWith('```')) {
      inFence = !inFence;
    } else if (!inFence && /^#{1,6} /.test(line)) {
      levels.push(line.indexOf(' '));
    }
  }
  assert.deepEqual(levels, [2, 3, 4, 5, 5, 3, 4, 5, 5], body);
  assert.match(body, /^#### ubuntu-latest: ✅ no slowdown/m);
  assert.match(body, /^##### 1\. Timing/m);
  assert.match(body, /^## a code line, not a heading$/m, 'a code block is left as it was');
});

test('nestHeadings: shifts to one below the parent, keeps relative depth up to 6, leaves deeper or heading-less text', () => {
  assert.equal(nestHeadings('## a\ntext\n#### b\n#tag\n', 3), '#### a\ntext\n###### b\n#tag\n');
  assert.equal(nestHeadings('# a\n###### b\n', 1), '## a\n###### b\n');
  assert.equal(nestHeadings('#### a\n## b\n', 1), '#### a\n## b\n', 'the shallowest (##) is already below level 1');
  assert.equal(nestHeadings('#### deep enough\n', 3), '#### deep enough\n');
  assert.equal(nestHeadings('no headings\n', 3), 'no headings\n');
  assert.equal(nestHeadings('~~~\n# in a fence\n~~~\n## a\n', 3), '~~~\n# in a fence\n~~~\n#### a\n');
});

test('one leg failed without a report: says so with a link, and still shows the other leg', () => {
  const incoming = incomingWith({ 'ubuntu-latest': { 'pr-number': '17', 'report.md': okReport('ubuntu') } });
  const jobs = {
    'ubuntu-latest': { conclusion: 'success', url: 'https://github.com/o/r/actions/runs/4242/job/1' },
    'windows-latest': { conclusion: 'failure', url: 'https://github.com/o/r/actions/runs/4242/job/2' },
  };
  const { prNumber, legs } = collectLegs({ incomingDir: incoming, oses: OSES, jobs });
  assert.equal(prNumber, 17);
  const body = composeComment({ ...RUN, legs });
  assert.match(body, /no regressions on ubuntu/);
  const windows = body.slice(body.indexOf('### windows-latest'));
  assert.match(windows, /windows-latest leg failed and produced no report/);
  assert.match(windows, /\[See the run\]\(https:\/\/github\.com\/o\/r\/actions\/runs\/4242\/job\/2\)/);
});

test('a cancelled leg with no job information links to the run', () => {
  const incoming = incomingWith({ 'windows-latest': { 'pr-number': '3', 'report.md': okReport('windows') } });
  const { legs } = collectLegs({ incomingDir: incoming, oses: OSES, jobs: { 'ubuntu-latest': { conclusion: 'cancelled' } } });
  const body = composeComment({ ...RUN, legs });
  assert.match(body, /ubuntu-latest leg was cancelled and produced no report\. \[See the run\]\(https:\/\/github\.com\/o\/r\/actions\/runs\/4242\)/);
  assert.match(body, /no regressions on windows/);
});

test('a leg that failed its check after writing the report shows the report and the failure', () => {
  const incoming = incomingWith({ 'ubuntu-latest': { 'pr-number': '9', 'report.md': '⚠️ 1 more allocations\n' } });
  const { legs } = collectLegs({ incomingDir: incoming, oses: ['ubuntu-latest'], jobs: { 'ubuntu-latest': { conclusion: 'failure' } } });
  const body = composeComment({ ...RUN, legs });
  assert.match(body, /ubuntu-latest leg failed: a regression beyond the fail policy/);
  assert.match(body, /1 more allocations/);
});

test('bad PR numbers are rejected', () => {
  for (const bad of ['', '0', '-1', '1.5', '12abc', '1e3', '007', '12345678901', '17; rm -rf /', '$(id)']) {
    assert.throws(() => parsePrNumber(bad), InputError, `'${bad}' must be refused`);
  }
  assert.equal(parsePrNumber(' 123\n'), 123);
  const incoming = incomingWith({ 'ubuntu-latest': { 'pr-number': '12 13', 'report.md': 'x' } });
  assert.throws(() => collectLegs({ incomingDir: incoming, oses: OSES }), InputError);
});

test('legs that disagree on the PR number are rejected', () => {
  const incoming = incomingWith({
    'ubuntu-latest': { 'pr-number': '17', 'report.md': 'x' },
    'windows-latest': { 'pr-number': '18', 'report.md': 'y' },
  });
  assert.throws(() => collectLegs({ incomingDir: incoming, oses: OSES }), /disagree/);
});

test('a symlink or an unknown artifact folder is refused, not followed', () => {
  const incoming = incomingWith({ 'ubuntu-latest': { 'pr-number': '17' } });
  symlinkSync('/etc/passwd', join(incoming, artifactName('pr-report', 'ubuntu-latest'), 'report.md'));
  assert.throws(() => collectLegs({ incomingDir: incoming, oses: OSES }), /not a regular file/);
  const other = incomingWith({ 'macos-latest': { 'pr-number': '1' } });
  assert.throws(() => collectLegs({ incomingDir: other, oses: OSES }), /unexpected artifact/);
});

test('oversized markdown is truncated with a note, and open blocks are closed', () => {
  const rows = Array.from({ length: 5000 }, (_, i) => `| Demo.Benchmarks.ReadBenchmarks.Case${i} | 1.00 |`).join('\n');
  const huge = `⚠️ 2 slower\n\n<details><summary>All</summary>\n\n\`\`\`\n${rows}\n\`\`\`\n</details>\n`;
  const incoming = incomingWith({
    'ubuntu-latest': { 'pr-number': '17', 'report.md': huge },
    'windows-latest': { 'pr-number': '17', 'report.md': huge },
  });
  const { legs } = collectLegs({ incomingDir: incoming, oses: OSES });
  const body = composeComment({ ...RUN, legs });
  assert.ok(body.length <= MAX_COMMENT_CHARS, `${body.length} characters`);
  assert.equal(body.match(/Report truncated/g).length, 2);
  assert.match(body, /### windows-latest/, 'the second leg still has its section');
  assert.equal((body.match(/<details>/g) ?? []).length, (body.match(/<\/details>/g) ?? []).length);
  assert.equal((body.match(/^```/gm) ?? []).length % 2, 0);
});

test('untrusted markdown cannot ping people or forge our marker, current or former', () => {
  const text = capMarkdown(`hi @octocat ${MARKER} ${FORMER_MARKER} <!-- benchguard-perf-run: 9 --> <!-- filepipes-perf-run: 9 -->`, 1000, 'https://x');
  assert.doesNotMatch(text, /@octocat/);
  assert.equal(hasMarker(text), false, text);
  assert.equal(runIdOf(text), null, text);
});

test('a comment an older run posted under the former marker is still ours, with its run id', () => {
  const older = `${FORMER_MARKER}\n<!-- filepipes-perf-run: 70 -->\n## FilePipes performance\n`;
  assert.ok(hasMarker(older));
  assert.equal(runIdOf(older), 70);
  assert.equal(hasMarker('<!-- someone-else -->'), false);
  assert.notEqual(MARKER, FORMER_MARKER);
});

test('the report artifact is found under its name or the former one an older run uploaded, never both for one OS', () => {
  // pr-comment.yml runs as the default branch has it, on artifacts a PR's run named with the PR's copy of the names.
  const former = (os) => `filepipes-perf-${os}`;
  assert.notEqual(artifactName('pr-report', 'ubuntu-latest'), former('ubuntu-latest'));
  // The pattern as actions/download-artifact reads it (minimatch: {a,b} is either).
  const glob = artifactPattern('pr-report');
  const alternatives = /^\{([^{}]*)\}\*$/.exec(glob)?.[1].split(',') ?? [glob.slice(0, -1)];
  for (const name of [artifactName('pr-report', 'ubuntu-latest'), former('ubuntu-latest')]) {
    assert.ok(alternatives.some((prefix) => name.startsWith(prefix)), `${glob} matches ${name}`);
    assert.equal(osFromArtifactName('pr-report', name), 'ubuntu-latest');
  }
  assert.equal(osFromArtifactName('pr-report', 'filepipes-alert-check-ubuntu-latest'), null);

  const incoming = incomingWith({
    'ubuntu-latest': { 'pr-number': '17', 'report.md': okReport('ubuntu') },
    'windows-latest': { 'pr-number': '17', 'report.md': okReport('windows') },
  }, (os) => (os === 'ubuntu-latest' ? former(os) : artifactName('pr-report', os)));
  const { prNumber, legs } = collectLegs({ incomingDir: incoming, oses: OSES, jobs: {} });
  assert.equal(prNumber, 17);
  assert.deepEqual(legs.map((l) => /no regressions on (\w+)/.exec(l.markdown)?.[1]), ['ubuntu', 'windows']);

  mkdirSync(join(incoming, former('windows-latest')));
  assert.throws(() => collectLegs({ incomingDir: incoming, oses: OSES }), /unexpected artifact/);
});

test('CLI writes comment.md and pr-number, and exits 2 with one line on a bad PR number', () => {
  const cli = join(here, '..', 'compose.mjs');
  const good = incomingWith({ 'ubuntu-latest': { 'pr-number': '17', 'report.md': okReport('ubuntu') } });
  const out = mkdtempSync(join(tmpdir(), 'perf-out-'));
  const args = ['--incoming', good, '--oses', OSES.join(','), '--run-id', '1', '--run-url', 'https://x/1', '--out', out];
  const ok = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });
  assert.equal(ok.status, 0, ok.stderr);
  assert.equal(readFileSync(join(out, 'pr-number'), 'utf8'), '17\n');
  assert.match(readFileSync(join(out, 'comment.md'), 'utf8'), /### windows-latest\n\n> ❌/);
  const bad = incomingWith({ 'ubuntu-latest': { 'pr-number': 'DROP TABLE', 'report.md': 'x' } });
  const badOut = mkdtempSync(join(tmpdir(), 'perf-out-'));
  const refused = spawnSync(process.execPath, [cli, ...args.slice(0, 1), bad, ...args.slice(2, -1), badOut], { encoding: 'utf8' });
  assert.equal(refused.status, 2);
  assert.equal(refused.stderr.trim().split('\n').length, 1);
  assert.match(refused.stderr, /not a positive integer/);
  assert.equal(existsSync(join(badOut, 'comment.md')), false);
});
