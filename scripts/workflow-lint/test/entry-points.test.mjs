// The thin shell entry points the workflows call, run for real on temp folders and a local
// bare git repository standing in for GitHub.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { baselinePrTitle, composeBaselinePrBody } from '../../../src/BenchGuard.GitHub/pr-comment/baseline-pr-body.mjs';
import { artifactName } from '../../../src/BenchGuard.GitHub/pr-comment/artifact-names.mjs';
import { createServer } from 'node:http';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const temp = (prefix) => mkdtempSync(join(tmpdir(), prefix));

function run(command, args, env = {}, cwd = repo) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, GITHUB_OUTPUT: '', GITHUB_STEP_SUMMARY: '', GH_TOKEN: '', GITHUB_TOKEN: '', ...env } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
const git = (args, cwd) => {
  const r = run('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], {}, cwd);
  assert.equal(r.status, 0, `git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
};

test('baseline-plan: "all" means every baselines/ folder; bad inputs exit 2 with one line', () => {
  const out = temp('plan-');
  const outputFile = join(out, 'output');
  writeFileSync(outputFile, '');
  const onMain = { REF: 'refs/heads/main', DEFAULT_BRANCH: 'main' };
  const all = run('bash', ['scripts/baseline-plan.sh'], { ...onMain, PROFILE: 'full', FILTER: '*ReadBenchmarks* *Write*', OSES: 'all', GITHUB_OUTPUT: outputFile });
  assert.equal(all.status, 0, all.stderr);
  assert.match(readFileSync(outputFile, 'utf8'), /^matrix=\["ubuntu-latest","windows-latest"\]$/m);
  const one = run('bash', ['scripts/baseline-plan.sh'], { ...onMain, PROFILE: 'quick', FILTER: '*', OSES: 'windows-latest' });
  assert.match(one.stdout, /^matrix=\["windows-latest"\]$/m);
  for (const bad of [
    { PROFILE: 'medium', FILTER: '*', OSES: 'all' },
    { PROFILE: 'quick', FILTER: '*"; rm -rf ~; "', OSES: 'all' },
    { PROFILE: 'quick', FILTER: '$(id)', OSES: 'all' },
    { PROFILE: 'quick', FILTER: '*', OSES: 'macos-latest' },
    { PROFILE: 'quick', FILTER: '*', OSES: 'all', REF: 'refs/heads/feature' },
    { PROFILE: 'quick', FILTER: '*', OSES: 'all', REF: 'refs/heads/main-old' },
    { PROFILE: 'quick', FILTER: '*', OSES: 'all', REF: '' },
    { PROFILE: 'quick', FILTER: '*', OSES: 'all', DEFAULT_BRANCH: '' },
  ]) {
    const refused = run('bash', ['scripts/baseline-plan.sh'], { ...onMain, ...bad });
    assert.equal(refused.status, 2, JSON.stringify(bad));
    assert.equal(refused.stderr.trim().split('\n').length, 1);
  }
});

test('bench-pr: writes the PR number, copies the report to the job summary, passes on the exit code', () => {
  const fake = join(temp('fake-'), 'pr-report');
  writeFileSync(fake, '#!/usr/bin/env bash\nset -e\necho "$*" > "$(dirname "$0")/args"\n' +
    'while [ $# -gt 0 ]; do case "$1" in --out) out=$2; shift 2;; *) shift;; esac; done\n' +
    'echo "⚠️ 1 more allocations" > "$out/report.md"\nexit 1\n');
  chmodSync(fake, 0o755);
  const out = join(temp('bench-pr-'), 'perf');
  const summary = join(temp('summary-'), 'summary.md');
  writeFileSync(summary, '');
  const sha = 'd'.repeat(40);
  const result = run('bash', ['scripts/bench-pr.sh', '--os', 'ubuntu-latest', '--base', sha, '--pr', '42', '--out', out],
    { FILEPIPES_PR_REPORT: fake, GITHUB_STEP_SUMMARY: summary });
  assert.equal(result.status, 1, 'a gate regression fails the step');
  assert.equal(readFileSync(join(dirname(fake), 'args'), 'utf8').trim(), `--os ubuntu-latest --against ${sha} --profile quick --fail-on-regression --out ${out}`);
  assert.equal(readFileSync(join(out, 'pr-number'), 'utf8'), '42\n');
  assert.match(readFileSync(summary, 'utf8'), /1 more allocations/);
  const refused = run('bash', ['scripts/bench-pr.sh', '--os', 'ubuntu-latest', '--base', sha, '--pr', '42x', '--out', out], { FILEPIPES_PR_REPORT: fake });
  assert.equal(refused.status, 2);
  assert.match(refused.stderr, /not a PR number/);
  // An option given last with no value is bad usage (2), never the "regression" code 1.
  for (const script of ['bench-pr.sh', 'bench-main.sh', 'run-suite.sh']) {
    const missing = run('bash', [`scripts/${script}`, '--out'], { FILEPIPES_PR_REPORT: fake });
    assert.equal(missing.status, 2, script);
    assert.match(missing.stderr, /--out needs a value/, script);
  }
});

function bareRemote() {
  const root = temp('pages-');
  const remote = join(root, 'remote.git');
  git(['init', '-q', '--bare', remote], root);
  return remote;
}

test('publish-trend: creates gh-pages once, places the page next to data.js without touching it', () => {
  const remote = bareRemote();
  const env = { TREND_REMOTE: remote, GITHUB_SHA: 'abc' };
  assert.equal(run('bash', ['scripts/publish-trend.sh', 'ensure-branch'], env).status, 0);
  assert.match(git(['ls-remote', '--heads', remote], repo), /refs\/heads\/gh-pages/);
  assert.equal(run('bash', ['scripts/publish-trend.sh', 'ensure-branch'], env).status, 0, 'second call is a no-op');

  // What github-action-benchmark leaves behind: data.js and its default index.html.
  const clone = join(temp('clone-'), 'c');
  git(['clone', '-q', '--branch', 'gh-pages', remote, clone], repo);
  mkdirSync(join(clone, 'dev', 'bench'), { recursive: true });
  const data = 'window.BENCHMARK_DATA = {"entries":{}}';
  writeFileSync(join(clone, 'dev', 'bench', 'data.js'), data);
  writeFileSync(join(clone, 'dev', 'bench', 'index.html'), 'the action default page');
  writeFileSync(join(clone, 'dev', 'bench', 'old-chart.js'), 'left from an older page');
  writeFileSync(join(clone, 'dev', 'bench', 'alert-checks.js'), 'window.FILEPIPES_ALERT_CHECKS = {};');
  git(['add', '-A'], clone);
  git(['commit', '-q', '-m', 'add data'], clone);
  git(['push', '-q', 'origin', 'gh-pages'], clone);

  const site = temp('site-');
  writeFileSync(join(site, 'index.html'), '<title>FilePipes trend</title>');
  writeFileSync(join(site, 'alert-checks.js'), 'window.FILEPIPES_ALERT_CHECKS = {}; // the empty one build-site.sh writes');
  mkdirSync(join(site, 'vendor'));
  writeFileSync(join(site, 'vendor', 'chart.js'), '// chart');
  const placed = run('bash', ['scripts/publish-trend.sh', 'place-page', site], env);
  assert.equal(placed.status, 0, placed.stderr);

  const check = join(temp('check-'), 'c');
  git(['clone', '-q', '--branch', 'gh-pages', remote, check], repo);
  assert.equal(readFileSync(join(check, 'dev', 'bench', 'index.html'), 'utf8'), '<title>FilePipes trend</title>');
  assert.equal(readFileSync(join(check, 'dev', 'bench', 'data.js'), 'utf8'), data, 'data.js is untouched');
  assert.ok(existsSync(join(check, 'dev', 'bench', 'vendor', 'chart.js')));
  assert.ok(!existsSync(join(check, 'dev', 'bench', 'old-chart.js')), 'stale page files are removed');
  assert.equal(readFileSync(join(check, 'dev', 'bench', 'alert-checks.js'), 'utf8'), 'window.FILEPIPES_ALERT_CHECKS = {};', 'the alert record is history too');

  const again = run('bash', ['scripts/publish-trend.sh', 'place-page', site], env);
  assert.match(again.stdout, /already current/);

  writeFileSync(join(site, 'data.js'), 'forged');
  assert.equal(run('bash', ['scripts/publish-trend.sh', 'place-page', site], env).status, 2, 'a site carrying data.js is refused');
});

test('publish-trend collect: maps each OS artifact to trend/<os>/<metric>.json and refuses junk', () => {
  const incoming = temp('incoming-');
  const dir = join(incoming, artifactName('pr-report', 'ubuntu-latest'), 'trend');
  mkdirSync(dir, { recursive: true });
  const entry = [{ name: 'FilePipes.Benchmarks.ReadBenchmarks.FileStreamSync', value: 12.5, unit: 'ns', range: '0.1', extra: '' }];
  writeFileSync(join(dir, 'time.json'), JSON.stringify(entry));
  writeFileSync(join(dir, 'allocated.json'), JSON.stringify([{ ...entry[0], value: 0, unit: 'B' }]));
  const trend = join(temp('trend-'), 'trend');
  const ok = run('bash', ['scripts/publish-trend.sh', 'collect', incoming, trend]);
  assert.equal(ok.status, 0, ok.stderr);
  assert.deepEqual(JSON.parse(readFileSync(join(trend, 'ubuntu-latest', 'time.json'), 'utf8')), entry);
  assert.ok(!existsSync(join(trend, 'windows-latest')), 'an OS without files gets no folder (its action steps skip)');
  writeFileSync(join(dir, 'time.json'), '{"not":"an array"}');
  assert.equal(run('bash', ['scripts/publish-trend.sh', 'collect', incoming, trend]).status, 2);
  assert.equal(run('bash', ['scripts/publish-trend.sh', 'collect', temp('empty-'), trend]).status, 2);
});

test('baseline PR: title per the contract, body with one section per OS and New when there was no baseline', () => {
  assert.equal(baselinePrTitle(['ubuntu-latest', 'windows-latest'], 'quick'),
    'Update performance baselines (ubuntu-latest, windows-latest, quick)');
  const body = composeBaselinePrBody({
    profile: 'full', filter: '*', runUrl: 'https://gh/run/1', sections: [
      { os: 'ubuntu-latest', updateLog: 'changed 3, added 1, removed 0', comparison: '## New ubuntu-latest run vs the current baseline\n\n⚠️ 1 slower\n' },
      { os: 'windows-latest', updateLog: 'added 40', comparison: null },
    ],
  });
  assert.match(body, /changes only `baselines\/`/);
  assert.match(body, /### ubuntu-latest[\s\S]*changed 3[\s\S]*1 slower[\s\S]*### windows-latest[\s\S]*every benchmark is New/);
  assert.match(body, /^#### New run vs the old baseline\n\n##### New ubuntu-latest run vs the current baseline$/m, 'the comparison nests under its heading');
  const huge = composeBaselinePrBody({ profile: 'quick', filter: '*', runUrl: 'https://gh/run/1',
    sections: [{ os: 'ubuntu-latest', updateLog: 'x\n'.repeat(50000), comparison: '| a |\n'.repeat(50000) }] });
  assert.ok(huge.length < 65536, `${huge.length} characters`);
});

// A throwaway clone of the scripts baseline-pr.sh needs, with a bare "origin", a stand-in
// comparer and a stub gh that records its arguments.
function baselineSandbox({ updateTouches = 'baselines' } = {}) {
  const root = temp('bump-');
  const work = join(root, 'work');
  mkdirSync(join(work, 'scripts'), { recursive: true });
  mkdirSync(join(work, 'src', 'BenchGuard.GitHub', 'pr-comment'), { recursive: true });
  for (const file of ['baseline-pr.sh', 'default-branch.sh', 'artifact-name.sh', 'git-push-with-token.sh']) {
    writeFileSync(join(work, 'scripts', file), readFileSync(join(repo, 'scripts', file)));
  }
  for (const file of ['artifact-names.mjs', 'compose.mjs', 'baseline-pr-body.mjs']) {
    writeFileSync(join(work, 'src', 'BenchGuard.GitHub', 'pr-comment', file), readFileSync(join(repo, 'src', 'BenchGuard.GitHub', 'pr-comment', file)));
  }
  for (const os of ['ubuntu-latest', 'windows-latest']) {
    mkdirSync(join(work, 'baselines', os), { recursive: true });
    writeFileSync(join(work, 'baselines', os, '.gitkeep'), '');
  }
  writeFileSync(join(work, 'baselines', 'ubuntu-latest', 'ReadBenchmarks.json'), '{"old":true}\n');
  git(['init', '-q', '-b', 'main', work], root);
  git(['add', '-A'], work);
  git(['commit', '-q', '-m', 'seed'], work);
  const origin = join(root, 'origin.git');
  git(['clone', '-q', '--bare', work, origin], root);
  git(['remote', 'add', 'origin', origin], work);

  const bin = join(root, 'bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'gh'), '#!/usr/bin/env bash\nprintf "%s\\n" "$@" > "$(dirname "$0")/gh-args"\n');
  chmodSync(join(bin, 'gh'), 0o755);
  const comparer = join(bin, 'comparer');
  const touch = updateTouches === 'baselines' ? 'cp "$results"/*.json "baselines/$os/"' : updateTouches;
  writeFileSync(comparer, '#!/usr/bin/env bash\nset -e\ncmd=$1; shift\n' +
    'if [ "$cmd" = compare ]; then while [ $# -gt 0 ]; do [ "$1" = --md ] && echo "⚠️ 1 slower than the old baseline" > "$2"; shift; done; exit 0; fi\n' +
    'shift; while [ $# -gt 0 ]; do case "$1" in --results) results=$2; shift 2;; --os) os=$2; shift 2;; *) shift;; esac; done\n' +
    `${touch}\necho "baseline update $os: changed ReadBenchmarks"\n`);
  chmodSync(comparer, 0o755);

  const incoming = join(root, 'incoming');
  for (const os of ['ubuntu-latest', 'windows-latest']) {
    mkdirSync(join(incoming, artifactName('baseline-run', os), 'results'), { recursive: true });
    writeFileSync(join(incoming, artifactName('baseline-run', os), 'results', 'ReadBenchmarks.json'), `{"new":"${os}"}\n`);
  }
  const env = {
    PATH: `${bin}:${process.env.PATH}`, FILEPIPES_COMPARER: comparer, GH_TOKEN: 'fake-token',
    PROFILE: 'quick', FILTER: '*', RUN_ID: '314', RUN_URL: 'https://gh/run/314', BASE_BRANCH: 'main', REF: 'refs/heads/main',
  };
  return { work, origin, bin, incoming, env };
}

test('baseline-pr: updates each OS, pushes one branch that changes only baselines/, opens the PR with the comparison', () => {
  const box = baselineSandbox();
  const result = run('bash', ['scripts/baseline-pr.sh', box.incoming], box.env, box.work);
  assert.equal(result.status, 0, result.stderr);
  const pushed = git(['--git-dir', box.origin, 'diff', '--name-only', 'main', 'perf/update-baselines-314'], box.work).trim().split('\n');
  assert.deepEqual(pushed.sort(), ['baselines/ubuntu-latest/ReadBenchmarks.json', 'baselines/windows-latest/ReadBenchmarks.json']);
  const message = git(['--git-dir', box.origin, 'log', '-1', '--format=%s', 'perf/update-baselines-314'], box.work).trim();
  assert.equal(message, 'Update performance baselines (ubuntu-latest, windows-latest, quick)');
  const args = readFileSync(join(box.bin, 'gh-args'), 'utf8').split('\n');
  assert.deepEqual(args.slice(0, 8), ['pr', 'create', '--base', 'main', '--head', 'perf/update-baselines-314', '--title', message]);
  const body = readFileSync(args[args.indexOf('--body-file') + 1], 'utf8');
  assert.match(body, /### ubuntu-latest[\s\S]*1 slower than the old baseline[\s\S]*### windows-latest[\s\S]*every benchmark is New/);
});

test('baseline-pr: dispatched from any ref but the default branch, it refuses with one line before it reads anything', () => {
  for (const ref of ['refs/heads/feature', 'refs/tags/v1.0.0', 'refs/heads/main/x', '']) {
    const box = baselineSandbox();
    const result = run('bash', ['scripts/baseline-pr.sh', box.incoming], { ...box.env, REF: ref }, box.work);
    assert.equal(result.status, 2, ref);
    assert.equal(result.stderr, ref === '' ? 'baseline-pr: REF, the ref the workflow was dispatched on, is not set\n'
      : `baseline-pr: dispatched from ${ref}; baselines are bumped from the default branch only: run the workflow on main\n`);
    assert.ok(!existsSync(join(box.bin, 'gh-args')), 'no PR');
    assert.equal(git(['--git-dir', box.origin, 'branch', '--list', 'perf/*'], box.work).trim(), '', 'nothing pushed');
  }
});

test('baseline-pr: an update that touches anything outside baselines/ opens no PR', () => {
  const box = baselineSandbox({ updateTouches: 'echo oops > README.md; cp "$results"/*.json "baselines/$os/"' });
  const result = run('bash', ['scripts/baseline-pr.sh', box.incoming], box.env, box.work);
  assert.equal(result.status, 2);
  assert.match(result.stderr, /outside baselines\/: README\.md/);
  assert.ok(!existsSync(join(box.bin, 'gh-args')));
  assert.equal(git(['--git-dir', box.origin, 'branch', '--list', 'perf/*'], box.work).trim(), '');
});

test('baseline-pr: results identical to the stored baseline open no PR', () => {
  const box = baselineSandbox({ updateTouches: 'true' });
  const result = run('bash', ['scripts/baseline-pr.sh', box.incoming], box.env, box.work);
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stdout, /did not change; no PR opened/);
  assert.ok(!existsSync(join(box.bin, 'gh-args')));
});

// A stand-in dotnet for bench-main.sh: the comparer is built once and its dll run (a `dotnet run` of it is unexpected),
// the suite writes one export, the benchmark program is built for the counters, which write counters.json or fail as
// told, compare behaves as told, export-trend writes both trend files (and counted-bytes.json when given --counters)
// or fails as a failed benchmark would. Each call's arguments are logged in calls.
function fakeDotnet({ compareExit = 0, trendExit = 0, countersExit = 0, buildTimeout = 1234 }) {
  const bin = temp('dotnet-');
  writeFileSync(join(bin, 'dotnet'), `#!/usr/bin/env bash
set -e
args="$*"
arg_after() { local key=$1; shift; while [ $# -gt 1 ]; do [ "$1" = "$key" ] && { echo "$2"; return; }; shift; done; }
echo "$args" >> "$(dirname "$0")/calls"
case "$args" in
  build*BenchGuard.csproj*) out=$(arg_after -o "$@"); mkdir -p "$out"; touch "$out/BenchGuard.dll" ;;
  build*benchmarks/FilePipes.Benchmarks*) out=$(arg_after -o "$@"); mkdir -p "$out"; touch "$out/FilePipes.Benchmarks.dll" ;;
  *"BenchGuard.dll counters "*) [ ${countersExit} -eq 0 ] || { echo "counters: the counters run failed" >&2; exit ${countersExit}; }
    echo '{"cases": []}' > "$(arg_after --out "$@")" ;;
  *FilePipes.Benchmarks*) out=$(arg_after --artifacts "$@"); mkdir -p "$out/results"; echo '{}' > "$out/results/Read-report-full.json"
    echo "$args" > "$(dirname "$0")/suite-args" ;;
  *"BenchGuard.dll policy") printf 'trend-alert-threshold=150%%\nbuild-timeout-seconds=${buildTimeout}\n' ;;
  *"BenchGuard.dll compare "*) [ ${compareExit} -eq 0 ] && echo "✅ no regressions" > "$(arg_after --md "$@")"; exit ${compareExit} ;;
  *"BenchGuard.dll export-trend "*) [ ${trendExit} -eq 0 ] || { echo "export-trend: 1 failed benchmark" >&2; exit ${trendExit}; }
    dir=$(arg_after --out-dir "$@"); mkdir -p "$dir"; echo '[]' > "$dir/time.json"; echo '[]' > "$dir/allocated.json"
    if [ -n "$(arg_after --counters "$@")" ]; then echo '[]' > "$dir/counted-bytes.json"; fi ;;
  *) echo "unexpected: $args" >&2; exit 9 ;;
esac
`);
  chmodSync(join(bin, 'dotnet'), 0o755);
  return bin;
}

test('bench-main: suite, comparison in the summary, trend files; an empty baseline still yields a report', () => {
  for (const compareExit of [0, 2]) {
    const out = join(temp('main-'), 'perf');
    const summary = join(temp('summary-'), 's.md');
    writeFileSync(summary, '');
    const result = run('bash', ['scripts/bench-main.sh', '--os', 'windows-latest', '--out', out],
      { PATH: `${fakeDotnet({ compareExit })}:${process.env.PATH}`, GITHUB_STEP_SUMMARY: summary });
    assert.equal(result.status, 0, result.stderr);
    assert.ok(existsSync(join(out, 'trend', 'time.json')) && existsSync(join(out, 'trend', 'allocated.json')));
    assert.match(readFileSync(summary, 'utf8'), compareExit === 0 ? /no regressions/ : /compare against baselines\/windows-latest exited 2/);
  }
});

test('bench-main: the counters of the program it built go to export-trend; failed counters fail the leg after the trend files', () => {
  const bin = fakeDotnet({});
  const out = join(temp('main-'), 'perf');
  const result = run('bash', ['scripts/bench-main.sh', '--os', 'ubuntu-latest', '--out', out],
    { PATH: `${bin}:${process.env.PATH}`, FILEPIPES_COUNTERS_ARGS: '--filter *Small* --instruction-operations 0' });
  assert.equal(result.status, 0, result.stderr);
  const calls = readFileSync(join(bin, 'calls'), 'utf8').split('\n');
  const build = calls.find((c) => c.startsWith('build -c Release benchmarks/FilePipes.Benchmarks '));
  const counters = calls.find((c) => c.includes('BenchGuard.dll counters '));
  assert.ok(build && counters, calls.join('\n'));
  assert.ok(counters.includes(`--program ${/-o (\S+)/.exec(build)[1]}/FilePipes.Benchmarks.dll`), 'the counters count the program just built');
  assert.ok(counters.endsWith(`--out ${out}/counters.json ${counters.match(/--work \S+/)[0]} --filter *Small* --instruction-operations 0`), counters);
  assert.ok(calls.find((c) => c.includes('export-trend ')).endsWith(`--counters ${out}/counters.json`));
  assert.ok(existsSync(join(out, 'trend', 'counted-bytes.json')));

  const failedOut = join(temp('main-'), 'perf');
  const failed = run('bash', ['scripts/bench-main.sh', '--os', 'ubuntu-latest', '--out', failedOut],
    { PATH: `${fakeDotnet({ countersExit: 2 })}:${process.env.PATH}` });
  assert.equal(failed.status, 1);
  assert.match(failed.stderr, /bench-main: the counters failed \(exit 2\)/);
  assert.ok(existsSync(join(failedOut, 'trend', 'time.json')) && !existsSync(join(failedOut, 'trend', 'counted-bytes.json')),
    'time and allocations still get their trend files');
});

// An rm that fails after doing its work, as a file still held open on Windows makes `rm -rf` fail.
function failingRm(bin) {
  const real = run('bash', ['-c', 'command -v rm']).stdout.trim();
  writeFileSync(join(bin, 'rm'), `#!/usr/bin/env bash\n"${real}" "$@"\necho "rm: cannot remove '\${@: -1}/bin': Device or resource busy" >&2\nexit 1\n`);
  chmodSync(join(bin, 'rm'), 0o755);
}

test('bench-main: a cleanup that fails is a warning, never the exit code, whether the leg passed or failed', () => {
  const warning = /^::warning::bench-main: could not remove the temporary folder \S+ \(cleanup only\); the leg's exit code [01] stands$/m;
  const bin = fakeDotnet({});
  failingRm(bin);
  const out = join(temp('main-'), 'perf');
  const passed = run('bash', ['scripts/bench-main.sh', '--os', 'ubuntu-latest', '--out', out], { PATH: `${bin}:${process.env.PATH}` });
  assert.equal(passed.status, 0, `a leg that wrote all its files passes: ${passed.stderr}`);
  for (const file of ['report.md', 'counters.json', join('trend', 'time.json'), join('trend', 'allocated.json'), join('trend', 'counted-bytes.json')]) {
    assert.ok(existsSync(join(out, file)), file);
  }
  assert.match(passed.stdout, warning);
  assert.match(passed.stdout, /exit code 0 stands$/m);

  const failingBin = fakeDotnet({ trendExit: 1 });
  failingRm(failingBin);
  const failed = run('bash', ['scripts/bench-main.sh', '--os', 'ubuntu-latest', '--out', join(temp('main-'), 'perf')], { PATH: `${failingBin}:${process.env.PATH}` });
  assert.equal(failed.status, 1, 'the failed benchmark\'s exit code, not the cleanup\'s');
  assert.match(failed.stdout, /exit code 1 stands$/m);
});

test('bench-main: a failed benchmark (export-trend exit 1) fails the leg; an unknown OS is refused', () => {
  const out = join(temp('main-'), 'perf');
  const failed = run('bash', ['scripts/bench-main.sh', '--os', 'ubuntu-latest', '--out', out],
    { PATH: `${fakeDotnet({ trendExit: 1 })}:${process.env.PATH}` });
  assert.equal(failed.status, 1);
  const unknown = run('bash', ['scripts/bench-main.sh', '--os', 'macos-latest', '--out', out]);
  assert.equal(unknown.status, 2);
  assert.match(unknown.stderr, /not in the matrix/);
});

test('bench-main and run-suite pass BenchmarkDotNet the --buildTimeout the tool\'s policy names, and stop without one', () => {
  // The value itself is the tool's (AbOptions.DefaultLaunchTimeout); PolicyCommandTests checks no script restates it.
  const bin = fakeDotnet({ buildTimeout: 4321 });
  const env = { PATH: `${bin}:${process.env.PATH}` };
  const main = run('bash', ['scripts/bench-main.sh', '--os', 'ubuntu-latest', '--out', join(temp('main-'), 'perf')], env);
  assert.equal(main.status, 0, main.stderr);
  assert.match(readFileSync(join(bin, 'suite-args'), 'utf8'), /--buildTimeout 4321 /);
  const suite = run('bash', ['scripts/run-suite.sh', '--profile', 'quick', '--filter', '*Read*', '--out', join(temp('suite-'), 'run')], env);
  assert.equal(suite.status, 0, suite.stderr);
  assert.match(readFileSync(join(bin, 'suite-args'), 'utf8'), /--buildTimeout 4321 /);

  const none = fakeDotnet({ buildTimeout: '' });
  const failed = run('bash', ['scripts/run-suite.sh', '--profile', 'quick', '--filter', '*Read*', '--out', join(temp('suite-'), 'run')],
    { PATH: `${none}:${process.env.PATH}` });
  assert.notEqual(failed.status, 0);
  assert.match(failed.stderr, /policy names no build-timeout-seconds/);
  assert.ok(!existsSync(join(none, 'suite-args')), 'the suite does not run without its timeout');
});

test('confirm-step: the A/B of the commit (or of the range\'s middle commit) against the point before it, the step methods only; the leg is written for settle', () => {
  const work = temp('confirm-');
  git(['init', '-q', '-b', 'main'], work);
  for (const content of ['1', '2', '3', '4', '5']) {
    writeFileSync(join(work, 'f'), content);
    git(['add', 'f'], work);
    git(['commit', '-q', '-m', content], work);
  }
  const [child, parent, c3, c2, first] = git(['rev-list', '-5', 'HEAD'], work).trim().split('\n');
  const fake = join(temp('fake-'), 'pr-report');
  writeFileSync(fake, '#!/usr/bin/env bash\necho "$*" > "$(dirname "$0")/args"\n' +
    'while [ $# -gt 0 ]; do case "$1" in --out) out=$2; shift 2;; *) shift;; esac; done\n' +
    'echo "report" > "$out/report.md"\nexit "${FAKE_EXIT:-0}"\n');
  chmodSync(fake, 0o755);
  // The script runs at the repository root (its own), so the commits must be there: point git at the temp repo.
  const env = { FILEPIPES_PR_REPORT: fake, GIT_DIR: join(work, '.git') };
  // [pr-report's exit, --base, --kind, the base measured, the head measured, commits in the range, the probe's count]
  for (const [exit, base, kind, against, head, commits, probeCommits] of [
    ['0', first, 'confirm', first, child, '4', undefined],
    ['1', '', 'confirm', parent, child, '1', undefined],
    ['2', first, 'bisect', first, c3, '4', '2'],
  ]) {
    const out = join(temp('confirm-out-'), 'leg');
    const summary = join(temp('summary-'), 's.md');
    writeFileSync(summary, '');
    const result = run('bash', ['scripts/confirm-step.sh', '--os', 'windows-latest', '--commit', child, '--base', base, '--methods', 'A.B.C A.B.D', '--steps', 'ab12 cd34', '--kind', kind, '--out', out],
      { ...env, FAKE_EXIT: exit, GITHUB_STEP_SUMMARY: summary });
    assert.equal(result.status, 0, `the leg itself passes whatever the verdict: ${result.stderr}`);
    const probe = probeCommits ? { probe: head, probeCommits } : {};
    assert.deepEqual(JSON.parse(readFileSync(join(out, 'leg.json'), 'utf8')), { os: 'windows-latest', commit: child, base: against, methods: 'A.B.C A.B.D', steps: 'ab12 cd34', kind, commits, ...probe });
    assert.equal(readFileSync(join(dirname(fake), 'args'), 'utf8').trim(),
      `--os windows-latest --base ${against} --head ${head} --profile quick --fail-on-regression --out ${out} --filter A.B.C --filter A.B.D`);
    assert.match(readFileSync(summary, 'utf8'), new RegExp(`pr-report exited ${exit} `));
  }
  assert.ok(c2, 'five commits');
  for (const bad of [['--methods', 'A.B; id'], ['--steps', 'a"b'], ['--base', 'f'.repeat(40)], ['--base', 'HEAD'], ['--kind', 'all'], ['--kind', 'bisect']]) {
    const args = { '--methods': 'A.B.C', '--steps': 'ab12', '--base': '', '--kind': 'confirm' };
    args[bad[0]] = bad[1];
    const refused = run('bash', ['scripts/confirm-step.sh', '--os', 'ubuntu-latest', '--commit', child, ...Object.entries(args).flat(), '--out', work], env);
    assert.equal(refused.status, 2, bad.join(' '));
    assert.equal(refused.stderr.trim().split('\n').length, 1);
  }
});

// A stand-in dotnet for the tool's change-points commands: check-plan prints one leg once a summary exists; settle
// marks the summary settled and, with FAKE_CONFIRM=1 (a newly confirmed step: exit 1) or 2 (a traced one: exit 0),
// writes a comment for each leg's commit.
function fakeChangePoints() {
  const bin = temp('dotnet-');
  writeFileSync(join(bin, 'dotnet'), `#!/usr/bin/env bash
set -e
arg_after() { local key=$1; shift; while [ $# -gt 1 ]; do [ "$1" = "$key" ] && { echo "$2"; return; }; shift; done; }
case "$*" in
  build*BenchGuard.csproj*) ;;
  *"BenchGuard.dll --version") echo "BenchGuard 0.0.0" ;;
  *"BenchGuard.dll change-points check-plan "*) echo '[{"os":"ubuntu-latest","commit":"${'c'.repeat(40)}","base":"","methods":"A.B.C","steps":"s1","kind":"confirm"}]' ;;
  *"BenchGuard.dll change-points settle "*) echo '{"settled": true}' > "$(arg_after --summary "$@")"
    for leg in $(find "$(arg_after --incoming "$@")" -name leg.json); do
      [ "\${FAKE_CONFIRM:-0}" = 0 ] || echo "### Confirmed regressions in the trend" > "$(arg_after --comments "$@")/${'c'.repeat(40)}.md"
    done
    [ "\${FAKE_CONFIRM:-0}" != 1 ] || exit 1 ;;
  *) echo "unexpected: $*" >&2; exit 9 ;;
esac
`);
  chmodSync(join(bin, 'dotnet'), 0o755);
  return bin;
}

function runAsync(command, args, env) {
  return new Promise((done) => {
    const child = spawn(command, args, { cwd: repo, env: { ...process.env, GITHUB_OUTPUT: '', GITHUB_STEP_SUMMARY: '', GH_TOKEN: '', GITHUB_TOKEN: '', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => { stdout += chunk; });
    child.stderr.on('data', (chunk) => { stderr += chunk; });
    child.on('close', (status) => done({ status, stdout, stderr }));
  });
}

test('publish-trend check-plan and settle-steps: the matrix from steps.json; the findings on gh-pages; a comment and exit 1 only when confirmed', async () => {
  const remote = bareRemote();
  const env = { TREND_REMOTE: remote, GITHUB_SHA: 'b'.repeat(40), GITHUB_REPOSITORY: 'o/r', GITHUB_RUN_ID: '7', PATH: `${fakeChangePoints()}:${process.env.PATH}` };
  assert.equal(run('bash', ['scripts/publish-trend.sh', 'ensure-branch'], env).status, 0);
  const none = run('bash', ['scripts/publish-trend.sh', 'check-plan'], env);
  assert.equal(none.status, 0, none.stderr);
  assert.equal(none.stdout.trim(), '[]', 'no steps.json yet: nothing to check');

  const clone = join(temp('clone-'), 'c');
  git(['clone', '-q', '--branch', 'gh-pages', remote, clone], repo);
  mkdirSync(join(clone, 'dev', 'bench'), { recursive: true });
  writeFileSync(join(clone, 'dev', 'bench', 'steps.json'), '{}');
  git(['add', '-A'], clone);
  git(['commit', '-q', '-m', 'steps'], clone);
  git(['push', '-q', 'origin', 'gh-pages'], clone);
  const output = join(temp('output-'), 'o');
  writeFileSync(output, '');
  const planned = run('bash', ['scripts/publish-trend.sh', 'check-plan'], { ...env, GITHUB_OUTPUT: output });
  assert.equal(planned.status, 0, planned.stderr);
  assert.equal(JSON.parse(/^checks=(.*)$/m.exec(readFileSync(output, 'utf8'))[1])[0].commit, 'c'.repeat(40));

  const incoming = temp('incoming-');
  mkdirSync(join(incoming, 'leg'));
  writeFileSync(join(incoming, 'leg', 'leg.json'), '{}');
  const summary = () => {
    const check = join(temp('check-'), 'c');
    git(['clone', '-q', '--branch', 'gh-pages', remote, check], repo);
    return readFileSync(join(check, 'dev', 'bench', 'steps.json'), 'utf8').trim();
  };
  const settled = run('bash', ['scripts/publish-trend.sh', 'settle-steps', incoming], env);
  assert.equal(settled.status, 0, settled.stderr);
  assert.equal(summary(), '{"settled": true}');

  // Confirmed: the summary is pushed, then the comment goes to the commit with the run's link, then exit 1.
  const posted = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => { body += chunk; });
    req.on('end', () => { posted.push({ url: req.url, body: JSON.parse(body).body }); res.writeHead(201); res.end('{}'); });
  });
  await new Promise((listening) => server.listen(0, '127.0.0.1', listening));
  try {
    const confirmed = await runAsync('bash', ['scripts/publish-trend.sh', 'settle-steps', incoming],
      { ...env, FAKE_CONFIRM: '1', GH_TOKEN: 't', GITHUB_API_URL: `http://127.0.0.1:${server.address().port}` });
    assert.equal(confirmed.status, 1, confirmed.stderr);
    assert.match(confirmed.stderr, /the A\/B confirmed a regression in the trend/);
    assert.equal(posted.length, 1);
    assert.equal(posted[0].url, `/repos/o/r/commits/${'c'.repeat(40)}/comments`);
    assert.match(posted[0].body, /^### Confirmed regressions in the trend\n\n\[The run that confirmed it\]\(https:\/\/github\.com\/o\/r\/actions\/runs\/7\)\n$/);
    // A bisection that traced a regression to its commit comments there, and the run passes.
    const traced = await runAsync('bash', ['scripts/publish-trend.sh', 'settle-steps', incoming],
      { ...env, FAKE_CONFIRM: '2', GH_TOKEN: 't', GITHUB_API_URL: `http://127.0.0.1:${server.address().port}` });
    assert.equal(traced.status, 0, traced.stderr);
    assert.equal(posted.length, 2);
  } finally {
    server.close();
  }
});
