// The project's rules for .github/workflows, checked offline on the parsed YAML (and on the raw
// lines, where the rule is about comments). Point WORKFLOWS_DIR / BASELINES_DIR elsewhere to
// check another tree.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { artifactName, artifactPattern } from '../../../src/BenchGuard.GitHub/pr-comment/artifact-names.mjs';
import { resolve as resolveExpression } from './expression.mjs';
import { DEFAULT_TIMEOUT_MINUTES, timeoutMinutes } from '../../../src/BenchGuard.GitHub/job-timings/job-timings.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const actionPins = JSON.parse(readFileSync(join(repo, 'scripts', 'workflow-lint', 'action-pins.json'), 'utf8')).actions;
const workflowsDir = process.env.WORKFLOWS_DIR ?? join(repo, '.github', 'workflows');
const baselinesDir = process.env.BASELINES_DIR ?? join(repo, 'baselines');

const files = readdirSync(workflowsDir).filter((f) => /\.ya?ml$/.test(f)).sort();
const workflows = Object.fromEntries(files.map((f) => {
  const text = readFileSync(join(workflowsDir, f), 'utf8');
  return [f, { text, doc: parse(text) }];
}));
const baselineOses = readdirSync(baselinesDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();

const jobsOf = (file) => Object.entries(workflows[file].doc.jobs ?? {});
const allJobs = () => files.flatMap((file) => jobsOf(file).map(([id, job]) => ({ file, id, job })));
const allSteps = () => allJobs().flatMap(({ file, id, job }) => (job.steps ?? []).map((step) => ({ file, job: id, step })));
const stepsUsing = (action) => allSteps().filter(({ step }) => (step.uses ?? '').startsWith(`${action}@`));

// Where a write scope is allowed, and why. Anything else asking for write fails.
const WRITE_SCOPES = {
  'benchmarks.yml#publish-trend': { contents: 'write' }, // gh-pages data and page
  'benchmarks.yml#settle-steps': { contents: 'write' }, // step checks in steps.json on gh-pages, commit comment on a confirmed step
  'update-baselines.yml#open-pr': { contents: 'write', 'pull-requests': 'write' }, // bump branch + the PR itself
  'pr-comment.yml#comment': { 'pull-requests': 'write' }, // the one PR comment
  'release.yml#nuget': { 'id-token': 'write' }, // NuGet trusted publishing trades the OIDC token for a short-lived key
  'release.yml#github-release': { contents: 'write' }, // the tag's release and its assets
};

test('the five workflows exist', () => {
  for (const name of ['ci.yml', 'benchmarks.yml', 'pr-comment.yml', 'update-baselines.yml', 'release.yml']) {
    assert.ok(workflows[name], `${name} is missing`);
  }
});

test('every action is pinned to a full commit SHA with a version comment', () => {
  let count = 0;
  const versionOf = new Map();
  for (const file of files) {
    workflows[file].text.split('\n').forEach((line, index) => {
      const match = /^\s*(?:-\s+)?uses:\s*(\S+)(.*)$/.exec(line);
      if (!match) {
        return;
      }
      count++;
      const [, ref, rest] = match;
      const where = `${file}:${index + 1}`;
      assert.match(ref, /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_./-]+@[0-9a-f]{40}$/, `${where}: '${ref}' is not pinned to a 40-hex SHA`);
      const version = /^\s+#\s+(v\d+\.\d+\.\d+)\b/.exec(rest);
      assert.ok(version, `${where}: '${ref}' has no '# vX.Y.Z' comment`);
      const seen = versionOf.get(ref);
      assert.ok(!seen || seen === version[1], `${where}: ${ref} is labelled both ${seen} and ${version[1]}`);
      versionOf.set(ref, version[1]);
    });
  }
  assert.ok(count >= 10, `only ${count} uses: lines found`);
  const shasPerAction = new Map();
  for (const ref of versionOf.keys()) {
    const action = ref.split('@')[0];
    shasPerAction.set(action, new Set([...(shasPerAction.get(action) ?? []), ref]));
  }
  for (const [action, refs] of shasPerAction) {
    assert.equal(refs.size, 1, `${action} is pinned to ${refs.size} different SHAs`);
  }
});

// GitHub removed these runtimes from its runners (Node 20 on 16 September 2026): an action declaring one runs,
// if at all, on a runtime it was neither released nor tested for.
const REMOVED_RUNTIMES = new Set(['node12', 'node16', 'node20']);

test('every pinned action is the one recorded in action-pins.json, on a runtime the runners still have', () => {
  const used = new Set();
  for (const { file, job, step } of allSteps().filter(({ step }) => step.uses)) {
    const [action, sha] = String(step.uses).split('@');
    const pin = actionPins[action];
    assert.ok(pin, `${file}#${job}: ${action} is not recorded in scripts/workflow-lint/action-pins.json`);
    assert.equal(sha, pin.sha, `${file}#${job}: ${action} is pinned to ${sha}, the record says ${pin.version} = ${pin.sha}`);
    used.add(action);
  }
  for (const file of files) {
    for (const match of workflows[file].text.matchAll(/uses:\s*([^@\s]+)@[0-9a-f]{40} # (v[0-9.]+)/g)) {
      assert.equal(match[2], actionPins[match[1]]?.version, `${file}: ${match[1]} is labelled ${match[2]}`);
    }
  }
  for (const [action, pin] of Object.entries(actionPins)) {
    assert.ok(used.has(action), `${action} is recorded but no workflow uses it`);
    assert.match(pin.using, /^(node[0-9]+|docker|composite)$/, `${action}: runs.using '${pin.using}'`);
    assert.ok(!REMOVED_RUNTIMES.has(pin.using), `${action} ${pin.version} runs on ${pin.using}, which GitHub removed from its runners`);
  }
});

test('permissions: {} at the top, and each job asks only for what the allow-list grants', () => {
  for (const file of files) {
    assert.deepEqual(workflows[file].doc.permissions, {}, `${file}: top-level permissions must be {}`);
  }
  for (const { file, id, job } of allJobs()) {
    const where = `${file}#${id}`;
    assert.equal(typeof job.permissions, 'object', `${where}: no job-level permissions`);
    const allowed = WRITE_SCOPES[where] ?? {};
    for (const [scope, level] of Object.entries(job.permissions)) {
      assert.ok(['read', 'none', 'write'].includes(level), `${where}: ${scope}: ${level}`);
      if (level === 'write') {
        assert.equal(allowed[scope], 'write', `${where} must not have ${scope}: write`);
      }
    }
  }
  const pullRequestWriters = allJobs().filter(({ job }) => job.permissions?.['pull-requests'] === 'write');
  assert.deepEqual(pullRequestWriters.map(({ file, id }) => `${file}#${id}`).sort(),
    ['pr-comment.yml#comment', 'update-baselines.yml#open-pr']);
});

test('every job has timeout-minutes, and every workflow has concurrency and bash as its shell', () => {
  for (const { file, id, job } of allJobs()) {
    assert.ok(Number.isInteger(job['timeout-minutes']) && job['timeout-minutes'] > 0 && job['timeout-minutes'] <= 180,
      `${file}#${id}: timeout-minutes is ${job['timeout-minutes']}`);
  }
  for (const file of files) {
    const { doc } = workflows[file];
    assert.ok(doc.concurrency?.group, `${file}: no concurrency group`);
    assert.equal(doc.defaults?.run?.shell, 'bash', `${file}: defaults.run.shell must be bash`);
  }
});

test('the matrix OS lists equal the folders under baselines/', () => {
  assert.deepEqual(baselineOses, ['ubuntu-latest', 'windows-latest']);
  for (const [file, job] of [['benchmarks.yml', 'suite'], ['ci.yml', 'test']]) {
    assert.deepEqual([...workflows[file].doc.jobs[job].strategy.matrix.os].sort(), baselineOses, `${file}#${job}`);
  }
  const choices = workflows['update-baselines.yml'].doc.on.workflow_dispatch.inputs.oses.options;
  assert.deepEqual(choices.filter((c) => c !== 'all').sort(), baselineOses, 'update-baselines.yml oses input');
});

test('no ${{ }} expression inside run: (values reach scripts through env)', () => {
  for (const { file, job, step } of allSteps()) {
    if (step.run !== undefined) {
      assert.doesNotMatch(String(step.run), /\$\{\{/, `${file}#${job}: '${step.name ?? step.run}' expands an expression in run:`);
    }
  }
});

test('setup-dotnet reads global.json, and checkouts keep no credentials', () => {
  const setups = stepsUsing('actions/setup-dotnet');
  assert.ok(setups.length >= 3);
  for (const { file, job, step } of setups) {
    assert.equal(step.with?.['global-json-file'], 'global.json', `${file}#${job}`);
  }
  for (const { file, job, step } of stepsUsing('actions/checkout')) {
    assert.equal(step.with?.['persist-credentials'], false, `${file}#${job}: persist-credentials must be false`);
  }
});

// Whether a run: step runs Node: `node ...`, the solution's tests (tests/Pipeline.Tests runs the workflow scripts), or a
// script under scripts/ that runs node, npm or a .mjs file, itself or through another script it names.
function scriptRunsNode(path, seen = new Set()) {
  if (seen.has(path)) {
    return false;
  }
  seen.add(path);
  if (path.endsWith('.mjs')) {
    return true;
  }
  let text;
  try {
    text = readFileSync(join(repo, path), 'utf8');
  } catch {
    return false;
  }
  const code = text.split('\n').filter((line) => !/^\s*#/.test(line)).join('\n');
  if (/(^|[\s;&|(])(exec\s+)?(node|npm|npx)\s/m.test(code)) {
    return true;
  }
  return [...code.matchAll(/scripts\/[A-Za-z0-9_./-]+/g)].some(([named]) => scriptRunsNode(named, seen));
}

function stepRunsNode(step) {
  const run = String(step.run ?? '').trim();
  if (run === '') {
    return false;
  }
  if (/^(node|npm|npx)\s/.test(run) || /^dotnet test\b/.test(run)) {
    return true;
  }
  return [...run.matchAll(/scripts\/[A-Za-z0-9_./-]+/g)].some(([named]) => scriptRunsNode(named));
}

test('.nvmrc names the Node major these tests run on, and every package.json that states engines accepts it', () => {
  const pinned = readFileSync(join(repo, '.nvmrc'), 'utf8').trim();
  assert.match(pinned, /^[0-9]+$/, '.nvmrc holds a major version only');
  assert.equal(process.versions.node.split('.')[0], pinned,
    `the scripts are tested on Node ${process.versions.node}, the workflows set up Node ${pinned} (.nvmrc)`);
  for (const dir of ['scripts/workflow-lint', 'src/BenchGuard.GitHub/site']) {
    const engines = JSON.parse(readFileSync(join(repo, dir, 'package.json'), 'utf8')).engines?.node;
    if (engines !== undefined) {
      const floor = /^>=\s*([0-9]+)$/.exec(engines);
      assert.ok(floor && Number(floor[1]) <= Number(pinned), `${dir}/package.json engines.node '${engines}' must accept ${pinned}`);
    }
  }
});

test('every job that runs Node sets it up from .nvmrc first, after its checkout and with no package cache', () => {
  const missing = [];
  let jobsWithNode = 0;
  for (const { file, id, job } of allJobs()) {
    const steps = job.steps ?? [];
    const first = steps.findIndex(stepRunsNode);
    const setups = steps.map((step, index) => ({ step, index })).filter(({ step }) => String(step.uses ?? '').startsWith('actions/setup-node@'));
    for (const { step } of setups) {
      // The version is the one .nvmrc names; the action's npm cache is off (nothing here restores packages from it,
      // and pr-comment.yml runs with a write token).
      assert.deepEqual(step.with, { 'node-version-file': '.nvmrc', 'package-manager-cache': false }, `${file}#${id}: setup-node's inputs`);
    }
    if (first < 0) {
      assert.equal(setups.length, 0, `${file}#${id} sets up Node but runs none`);
      continue;
    }
    jobsWithNode++;
    const checkout = steps.findIndex((step) => String(step.uses ?? '').startsWith('actions/checkout@'));
    const setup = setups[0]?.index ?? -1;
    if (setup < 0 || setup > first || setup < checkout) {
      missing.push(`${file}#${id}`);
    }
  }
  assert.ok(jobsWithNode >= 8, `only ${jobsWithNode} jobs run Node`);
  assert.deepEqual(missing, [], 'these jobs run Node without actions/setup-node (node-version-file: .nvmrc) between their checkout and the first step that runs it');
});

test('every job ends with its step timings, which read this run\'s jobs and never fail the job', () => {
  for (const { file, id, job } of allJobs()) {
    const last = job.steps.at(-1);
    assert.deepEqual(last, {
      name: 'Step timings',
      if: '${{ !cancelled() }}',
      'continue-on-error': true,
      env: { GITHUB_TOKEN: '${{ github.token }}' },
      run: 'node src/BenchGuard.GitHub/job-timings/job-timings.mjs',
    }, `${file}#${id}: the last step`);
    assert.equal(job.permissions?.actions, 'read', `${file}#${id}: the timings need actions: read`);
  }
});

test('the timings step reads each job\'s timeout-minutes as the parsed YAML has it', () => {
  for (const { file, id, job } of allJobs()) {
    assert.equal(timeoutMinutes(workflows[file].text, id), job['timeout-minutes'] ?? DEFAULT_TIMEOUT_MINUTES, `${file}#${id}`);
    assert.equal(typeof job['timeout-minutes'], 'number', `${file}#${id}: a job without timeout-minutes has GitHub's ${DEFAULT_TIMEOUT_MINUTES}`);
  }
});

// Maps each step id that runs scripts/artifact-name.sh to { kind, pattern }.
function artifactNameSteps(job) {
  const byId = {};
  for (const step of job.steps ?? []) {
    const match = /^bash scripts\/artifact-name\.sh ([a-z-]+) (--pattern|"\$OS"|"\$LEG")$/.exec(String(step.run ?? '').trim());
    if (match && step.id) {
      byId[step.id] = { kind: match[1], pattern: match[2] === '--pattern' };
    }
  }
  return byId;
}

test('artifact names come from scripts/artifact-name.sh, and every uploaded name is downloaded', () => {
  const uploaded = [];
  const downloaded = [];
  for (const { file, id, job } of allJobs()) {
    const namers = artifactNameSteps(job);
    for (const step of job.steps ?? []) {
      const uses = step.uses ?? '';
      if (uses.startsWith('actions/upload-artifact@')) {
        const ref = /^\$\{\{ steps\.([a-z-]+)\.outputs\.name \}\}$/.exec(step.with?.name ?? '');
        assert.ok(ref && namers[ref[1]] && !namers[ref[1]].pattern, `${file}#${id}: upload name must be steps.<id>.outputs.name of artifact-name.sh`);
        assert.ok(job.strategy?.matrix?.os !== undefined || job['runs-on'] === '${{ matrix.os }}', `${file}#${id}: per-OS upload outside an OS matrix`);
        uploaded.push({ file, kind: namers[ref[1]].kind });
      }
      if (uses.startsWith('actions/download-artifact@')) {
        assert.equal(step.with?.name, undefined, `${file}#${id}: download by pattern from artifact-name.sh, not by a literal name`);
        const ref = /^\$\{\{ steps\.([a-z-]+)\.outputs\.pattern \}\}$/.exec(step.with?.pattern ?? '');
        assert.ok(ref && namers[ref[1]]?.pattern, `${file}#${id}: download pattern must be steps.<id>.outputs.pattern of artifact-name.sh`);
        downloaded.push({ file, kind: namers[ref[1]].kind });
      }
    }
  }
  const kinds = (list) => [...new Set(list.map((x) => x.kind))].sort();
  // Kinds uploaded only for people to read: no workflow downloads them.
  const readByPeople = new Set(['mutation']);
  assert.deepEqual(kinds(uploaded.filter((u) => !readByPeople.has(u.kind))), kinds(downloaded), 'kinds uploaded vs downloaded');
  assert.ok(uploaded.some((u) => u.file === 'ci.yml' && u.kind === 'mutation'), 'ci.yml uploads the mutation report');
  assert.ok(downloaded.some((d) => d.file === 'pr-comment.yml' && d.kind === 'pr-report'));
  // Every name an OS leg uploads must match the pattern its consumers download.
  for (const kind of kinds(uploaded)) {
    // As actions/download-artifact reads it (minimatch): * is anything, {a,b} either of a and b.
    const pattern = new RegExp(`^${artifactPattern(kind).replace(/[.+?^$()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')
      .replace(/\{([^{}]*)\}/g, (_, alternatives) => `(?:${alternatives.split(',').join('|')})`)}$`);
    for (const os of baselineOses) {
      assert.match(artifactName(kind, os), pattern);
    }
  }
});

test('pr-comment.yml never checks out or runs PR code', () => {
  const { doc, text } = workflows['pr-comment.yml'];
  assert.deepEqual(Object.keys(doc.on), ['workflow_run']);
  assert.deepEqual(doc.on.workflow_run.types, ['completed']);
  assert.deepEqual(doc.on.workflow_run.workflows, [workflows['benchmarks.yml'].doc.name], 'it follows benchmarks.yml by its name');
  assert.equal(doc.jobs.comment.if, "github.event.workflow_run.event == 'pull_request'");
  const checkouts = stepsUsing('actions/checkout').filter((s) => s.file === 'pr-comment.yml');
  assert.ok(checkouts.length >= 1);
  for (const { step } of checkouts) {
    for (const key of ['ref', 'repository', 'path']) {
      assert.equal(step.with?.[key], undefined, `pr-comment.yml checkout must not set ${key}`);
    }
  }
  for (const { step } of allSteps().filter((s) => s.file === 'pr-comment.yml')) {
    assert.ok(!String(step.uses ?? '').startsWith('./'), 'no local action (it would come from the checkout)');
    if (step.run !== undefined) {
      assert.match(String(step.run).trim(), /^(bash|node) (scripts|src\/BenchGuard\.GitHub)\//, `run: '${step.run}' must call a trusted script`);
    }
  }
  assert.doesNotMatch(text, /ref:\s*\$\{\{[^}]*(head_sha|head_branch|pull_request\.head)/);
  assert.doesNotMatch(text, /(npm|dotnet|yarn|pnpm) /, 'no build or package install in the comment job');
});

test('pr-comment.yml gives post.mjs the run it follows: its id, page, head commit, branch and repository', () => {
  const step = workflows['pr-comment.yml'].doc.jobs.comment.steps.find((s) => /^node src\/BenchGuard\.GitHub\/pr-comment\/post\.mjs /.test(String(s.run ?? '')));
  // post.mjs refuses to run without each; the branch and repository tell a PR that moved on (a skip) from another PR.
  assert.deepEqual(step.env, {
    GITHUB_TOKEN: '${{ github.token }}',
    RUN_ID: '${{ github.event.workflow_run.id }}',
    RUN_URL: '${{ github.event.workflow_run.html_url }}',
    HEAD_SHA: '${{ github.event.workflow_run.head_sha }}',
    HEAD_BRANCH: '${{ github.event.workflow_run.head_branch }}',
    HEAD_REPOSITORY: '${{ github.event.workflow_run.head_repository.full_name }}',
  });
});

test('the PR job runs without write access and the main job publishes the trend as the issue says', () => {
  const bench = workflows['benchmarks.yml'].doc;
  assert.deepEqual(bench.jobs.suite.permissions, { contents: 'read', actions: 'read' });
  assert.equal(bench.jobs.suite.env?.PeerAdapters, 'true', 'the runners build the peer adapters, base and head alike');
  assert.equal(bench.jobs.suite.name, 'suite (${{ matrix.os }})', 'post.mjs finds each leg by this job name');
  assert.equal(bench.env.TREND_ALERT_THRESHOLD, undefined, 'the threshold is the tool\'s (scripts/policy), not restated here');
  const publish = bench.jobs['publish-trend'];
  const policy = publish.steps.find((s) => s.id === 'policy');
  assert.equal(policy?.run, 'bash scripts/policy --github-output "$GITHUB_OUTPUT"');
  const policyOutput = (name) => `\${{ steps.policy.outputs.${name} }}`;
  // GitHub keeps one pending run per concurrency group and cancels older pending ones: a shared group on main
  // would drop trend points in a burst of pushes (issue 12, item 6). Concurrent publishes are reconciled by retries.
  assert.equal(publish.concurrency, undefined, 'publish-trend must not queue behind a concurrency group');
  assert.match(bench.concurrency.group, /github\.event_name == 'pull_request' && format\('benchmarks-pr-\{0\}', github\.event\.pull_request\.number\) \|\| format\('benchmarks-run-\{0\}', github\.run_id\)/,
    'a PR shares a group with its own runs only; each push to main has its own (its run id)');
  const trendSteps = publish.steps.filter((s) => String(s.uses ?? '').startsWith('benchmark-action/github-action-benchmark@'));
  // Time and allocations on every OS; the deterministic counters each OS measures (export-trend writes no file for
  // the others): Linux counts system calls and callgrind's instructions, Windows bytes only.
  const countersOf = (os) => (os.startsWith('ubuntu') ? ['counted-bytes', 'read-calls', 'write-calls', 'instructions'] : ['counted-bytes']);
  const expected = baselineOses.flatMap((os) => ['time', 'allocated', ...countersOf(os)].map((metric) => `FilePipes ${metric} (${os})`)).sort();
  assert.deepEqual(trendSteps.map((s) => s.with.name).sort(), expected);
  // The action's inputs, from its action.yml. actionlint has no entry for this action, so a
  // misspelt input would otherwise pass silently.
  // Those of v1.22.0, the pinned version.
  const benchmarkActionInputs = new Set(['name', 'tool', 'output-file-path', 'gh-pages-branch', 'gh-repository',
    'benchmark-data-dir-path', 'github-token', 'ref', 'auto-push', 'skip-fetch-gh-pages', 'comment-always',
    'summary-always', 'save-data-file', 'comment-on-alert', 'alert-threshold', 'fail-on-alert', 'fail-threshold',
    'alert-comment-cc-users', 'external-data-json-path', 'max-items-in-chart', 'go-force-package-suffix']);
  for (const step of trendSteps) {
    const w = step.with;
    for (const key of Object.keys(w)) {
      assert.ok(benchmarkActionInputs.has(key), `${w.name}: '${key}' is not an input of github-action-benchmark`);
    }
    const [, metric, os] = /^FilePipes ([a-z-]+) \((.+)\)$/.exec(w.name);
    assert.equal(w['output-file-path'], `artifacts/trend/${os}/${metric}.json`, w.name);
    assert.equal(w.tool, 'customSmallerIsBetter');
    assert.equal(w['auto-push'], true);
    assert.equal(w['gh-pages-branch'], 'gh-pages');
    assert.equal(w['benchmark-data-dir-path'], 'dev/bench');
    assert.ok(Number.isInteger(w['max-items-in-chart']) && w['max-items-in-chart'] > 0);
    assert.equal(w['alert-threshold'], policyOutput('trend-alert-threshold'));
    assert.ok(publish.steps.indexOf(policy) < publish.steps.indexOf(step), `${w.name}: the policy is read first`);
    // The action records only; a step in the trend comments and fails after confirm-step's A/B (issue 34).
    assert.equal(w['comment-on-alert'], false);
    assert.equal(w['fail-on-alert'], false);
    assert.match(step.if, /!cancelled\(\)/, `${w.name}: a failed alert before it must not skip it`);
  }
  const runs = publish.steps.map((s) => String(s.run ?? ''));
  const ensure = publish.steps[runs.indexOf('bash scripts/publish-trend.sh ensure-branch')];
  assert.match(ensure.if ?? '', /!cancelled\(\)/, 'gh-pages is created in every run that gets there, a failed collect included');
  assert.ok(publish.steps.indexOf(ensure) < publish.steps.indexOf(trendSteps[0]), 'gh-pages exists before the action looks for it');
  const build = publish.steps.find((s) => String(s.run ?? '').includes('src/BenchGuard.GitHub/site/build-site.sh'));
  assert.equal(build.run, 'bash src/BenchGuard.GitHub/site/build-site.sh --out "$RUNNER_TEMP/site" --alert-threshold "$THRESHOLD" --allocation-tolerance-bytes "$TOLERANCE"');
  assert.deepEqual([build.env.THRESHOLD, build.env.TOLERANCE], [policyOutput('trend-alert-threshold'), policyOutput('allocation-tolerance-bytes')]);
  const placeIndex = runs.findIndex((r) => r.includes('publish-trend.sh place-page'));
  const lastTrend = publish.steps.lastIndexOf(trendSteps.at(-1));
  assert.ok(placeIndex > lastTrend, 'the page is placed after the action has pushed data.js');
  // The steps in the trend: planned after the summary is written, checked on the OS that measured them, settled.
  const summarizeIndex = runs.findIndex((r) => r === 'bash scripts/publish-trend.sh summarize-steps');
  const planIndex = publish.steps.findIndex((s) => String(s.run ?? '') === 'bash scripts/publish-trend.sh check-plan');
  assert.ok(summarizeIndex > lastTrend && planIndex > summarizeIndex, 'the checks are planned from the summary of this run\'s history');
  assert.equal(publish.outputs.checks, `\${{ steps.${publish.steps[planIndex].id}.outputs.checks }}`);
  const check = bench.jobs['confirm-step'];
  assert.equal(check.strategy.matrix.include, '${{ fromJSON(needs.publish-trend.outputs.checks) }}');
  assert.equal(check['runs-on'], '${{ matrix.os }}', 'a step is checked on the OS that measured it');
  assert.deepEqual(check.permissions, { contents: 'read', actions: 'read' });
  assert.ok(check.steps.some((s) => String(s.run ?? '') === 'bash scripts/confirm-step.sh --os "$OS" --commit "$COMMIT" --base "$BASE" --methods "$METHODS" --steps "$STEPS" --kind "$KIND" --out "artifacts/upload/$NAME"'));
  const settleSteps = bench.jobs['settle-steps'];
  assert.deepEqual(settleSteps.needs, ['publish-trend', 'confirm-step']);
  // The ratio alerts only mark the page: no job re-measures or comments on them.
  assert.deepEqual(Object.keys(bench.jobs).sort(), ['confirm-step', 'publish-trend', 'settle-steps', 'suite']);
  assert.match(settleSteps.if, /!cancelled\(\)/, 'a failed check leg leaves its steps for later, it does not skip the others');
  assert.ok(settleSteps.steps.some((s) => String(s.run ?? '') === 'bash scripts/publish-trend.sh settle-steps "$RUNNER_TEMP/incoming"'));
});

test('uploads replace a re-run\'s artifact, and every leg lands in <path>/<artifact name>/ on download', () => {
  for (const { file, id, job } of allJobs()) {
    const uploads = (job.steps ?? []).filter((s) => String(s.uses ?? '').startsWith('actions/upload-artifact@'));
    for (const step of uploads) {
      // upload-artifact v4+ refuses a name an earlier attempt of the run used (issue 12, item 9).
      assert.equal(step.with.overwrite, true, `${file}#${id}: a re-run must be able to replace the artifact`);
      // The artifact's root is one folder named after it, written by the leg's script through $NAME.
      // Exclusions only below it (copies and duplicate logs left out), so the root stays artifacts/upload.
      const [root, ...excluded] = String(step.with.path).trim().split('\n').map((line) => line.trim());
      assert.equal(root, 'artifacts/upload', `${file}#${id}`);
      assert.ok(excluded.every((line) => line.startsWith('!artifacts/upload/')), `${file}#${id}: ${excluded.join(' ')}`);
      const nameRef = /steps\.([a-z-]+)\.outputs\.name/.exec(step.with.name)[1];
      const writers = job.steps.filter((s) => /--out "artifacts\/upload\/\$NAME"$/.test(String(s.run ?? '')));
      assert.ok(writers.length > 0, `${file}#${id}: no step writes into artifacts/upload/$NAME`);
      for (const writer of writers) {
        assert.equal(writer.env?.NAME, `\${{ steps.${nameRef}.outputs.name }}`, `${file}#${id}: '${writer.name}' NAME`);
      }
    }
    for (const step of (job.steps ?? []).filter((s) => String(s.uses ?? '').startsWith('actions/download-artifact@'))) {
      // download-artifact v5+ extracts a pattern that matches one artifact straight into path/ (one OS chosen,
      // or one leg left nothing); merge-multiple with name-rooted artifacts gives path/<name>/ in every case.
      assert.equal(step.with['merge-multiple'], true, `${file}#${id}`);
    }
  }
});

test('each job that caches packages has its own cache key', () => {
  const keys = new Map();
  for (const { file, id, job } of allJobs()) {
    for (const step of (job.steps ?? []).filter((s) => String(s.uses ?? '').startsWith('actions/cache@'))) {
      const prefix = `nuget-\${{ runner.os }}-${file.replace(/\.yml$/, '')}-${id}-`;
      assert.ok(step.with.key.startsWith(prefix), `${file}#${id}: key '${step.with.key}' must start with '${prefix}'`);
      assert.equal(step.with['restore-keys'], prefix, `${file}#${id}: restore-keys`);
      assert.ok(!keys.has(step.with.key), `${file}#${id} shares its cache key with ${keys.get(step.with.key)}`);
      keys.set(step.with.key, `${file}#${id}`);
    }
  }
  assert.ok(keys.size >= 4);
});

test('node --test is given test files, never folders (Node 22+ reads each argument as a glob)', () => {
  const scriptsDir = join(repo, 'scripts', 'ci');
  let calls = 0;
  for (const script of readdirSync(scriptsDir).filter((f) => f.endsWith('.sh'))) {
    for (const line of readFileSync(join(scriptsDir, script), 'utf8').split('\n')) {
      const match = /^[^#]*\bnode --test\b(.*)$/.exec(line);
      if (!match) {
        continue;
      }
      calls++;
      const words = match[1].split(/\s+/).filter(Boolean);
      const redirect = words.findIndex((w) => /^[0-9&]?>/.test(w) || w === '||');
      const paths = words.slice(0, redirect < 0 ? words.length : redirect).filter((w) => !w.startsWith('-') && w !== '\\');
      assert.ok(paths.length > 0, `${script}: node --test without files`);
      for (const path of paths) {
        assert.match(path, /\.test\.mjs$/, `${script}: node --test ${path} is not a test file (a folder fails on Node 22)`);
      }
    }
  }
  assert.ok(calls >= 2);
});

test('the baseline PR is opened with a GitHub App token minted in the run, else BASELINE_PR_TOKEN, else the built-in token', () => {
  const job = workflows['update-baselines.yml'].doc.jobs['open-pr'];
  const mint = job.steps.find((s) => (s.uses ?? '').startsWith('actions/create-github-app-token@'));
  const open = job.steps.find((s) => /baseline-pr\.sh/.test(String(s.run ?? '')));
  assert.ok(mint?.id, 'a step that mints the App token, with an id');
  assert.ok(job.steps.indexOf(mint) < job.steps.indexOf(open), 'the token is minted before the PR is opened');
  assert.equal(mint.with['client-id'], '${{ secrets.BASELINE_PR_APP_CLIENT_ID }}');
  assert.equal(mint.with['private-key'], '${{ secrets.BASELINE_PR_APP_PRIVATE_KEY }}');
  assert.deepEqual([mint.with['permission-contents'], mint.with['permission-pull-requests']], ['write', 'write'], 'the token gets only what the bump needs');

  // Which token each setup gives, as the runner evaluates it: job env, then the step's if:, then the step's output.
  const tokenFor = (secrets) => {
    const context = { secrets, github: { token: 'built-in' }, steps: {} };
    context.env = Object.fromEntries(Object.entries(job.env ?? {}).map(([k, v]) => [k, String(resolveExpression(v, context))]));
    if (resolveExpression(`\${{ ${mint.if} }}`, context)) {
      context.steps[mint.id] = { outputs: { token: 'app' } };
    }
    return resolveExpression(open.env.GH_TOKEN, context);
  };
  const app = { BASELINE_PR_APP_CLIENT_ID: 'Iv23', BASELINE_PR_APP_PRIVATE_KEY: 'key' };
  assert.equal(tokenFor(app), 'app');
  assert.equal(tokenFor({ ...app, BASELINE_PR_TOKEN: 'pat' }), 'app', 'the App wins over a stored token');
  assert.equal(tokenFor({ BASELINE_PR_TOKEN: 'pat' }), 'pat');
  assert.equal(tokenFor({ BASELINE_PR_APP_CLIENT_ID: 'Iv23', BASELINE_PR_TOKEN: 'pat' }), 'pat', 'half an App is no App: the action would fail without its key');
  assert.equal(tokenFor({ BASELINE_PR_APP_PRIVATE_KEY: 'key' }), 'built-in');
  assert.equal(tokenFor({}), 'built-in');
});

test('update-baselines.yml: a failed leg opens no PR', () => {
  const { jobs } = workflows['update-baselines.yml'].doc;
  assert.deepEqual(jobs['open-pr'].needs, ['plan', 'run']);
  // No if: means success(): the job is skipped when any leg failed or was cancelled.
  assert.equal(jobs['open-pr'].if, undefined);
  assert.equal(jobs.run.strategy.matrix.os, '${{ fromJSON(needs.plan.outputs.matrix) }}');
});

test('release.yml: only a v* tag publishes, after the tests pass on every OS, with the tag\'s version', () => {
  const { doc } = workflows['release.yml'];
  assert.deepEqual(doc.on, { push: { tags: ['v*'] } }, 'no pull_request trigger: fork code never reaches the publishing jobs');
  assert.equal(doc.concurrency['cancel-in-progress'], false, 'a release is never cancelled half-way');
  const { test: tests, pack, nuget } = doc.jobs;
  assert.deepEqual([...tests.strategy.matrix.os].sort(), baselineOses);
  assert.ok(tests.steps.some((s) => String(s.run ?? '') === 'dotnet test FilePipes.sln'), 'the README\'s test command');
  assert.equal(pack.needs, 'test');
  assert.ok(pack.steps.some((s) => String(s.run ?? '').startsWith('bash scripts/package.sh pack --tag "$GITHUB_REF_NAME" ')));
  assert.equal(nuget.needs, 'pack');
  assert.equal(doc.jobs['github-release'].needs, 'nuget', 'the release is made once the package is on nuget.org');
  const push = nuget.steps.find((s) => String(s.run ?? '').startsWith('bash scripts/package.sh push '));
  const login = nuget.steps.find((s) => String(s.uses ?? '').startsWith('NuGet/login@'));
  assert.ok(nuget.steps.indexOf(login) < nuget.steps.indexOf(push));
  assert.equal(push.env.NUGET_API_KEY, `\${{ steps.${login.id}.outputs.NUGET_API_KEY }}`, 'the key is the short-lived one, never a stored secret');
});

test('ci.yml packs the library and uploads it', () => {
  const steps = workflows['ci.yml'].doc.jobs.test.steps;
  const runs = steps.map((s) => String(s.run ?? ''));
  assert.ok(runs.includes('dotnet test FilePipes.sln'), 'the README\'s test command, the package test and net8.0 included');
  assert.ok(runs.includes('bash scripts/package.sh pack --out "artifacts/upload/$NAME"'));
  assert.ok(steps.some((s) => String(s.uses ?? '').startsWith('actions/upload-artifact@')));
});

test('ci.yml: mutation testing on a pull request\'s changed files against its base, and in full once a week', () => {
  const { doc } = workflows['ci.yml'];
  assert.equal(doc.on.schedule.length, 1);
  const [, , dayOfMonth, month, dayOfWeek] = doc.on.schedule[0].cron.split(' ');
  assert.deepEqual([dayOfMonth, month], ['*', '*']);
  assert.match(dayOfWeek, /^[0-6]$/, 'weekly: one day of the week');
  const job = doc.jobs.mutation;
  assert.deepEqual(job.permissions, { contents: 'read', actions: 'read' });
  const checkout = job.steps.find((s) => String(s.uses ?? '').startsWith('actions/checkout@'));
  assert.equal(checkout.with['fetch-depth'], 0, '--since diffs against the base commit, which a shallow clone lacks');
  const runs = job.steps.filter((s) => /^bash scripts\/mutation\.sh /.test(String(s.run ?? '')));
  const pr = runs.find((s) => s.if === "github.event_name == 'pull_request'");
  assert.match(pr.run, /--since "\$BASE"/);
  assert.equal(pr.env.BASE, '${{ github.event.pull_request.base.sha }}');
  const weekly = runs.find((s) => s.if === "github.event_name == 'schedule'");
  assert.doesNotMatch(weekly.run, /--since/, 'the weekly run mutates everything');
  assert.equal(runs.length, 2);
  const upload = job.steps.find((s) => String(s.uses ?? '').startsWith('actions/upload-artifact@'));
  assert.match(upload.if, /!cancelled\(\)/, 'the report is uploaded when the threshold breaks, too');
  // One leg per project the script knows, each running only its own, so each has the job's whole time; the whole
  // comparer runs as its three parts (its full run does not fit one job). The script's limit (which stops a hung run)
  // must leave the leg time to set up and upload, or the reports are lost.
  const script = readFileSync(join(repo, 'scripts', 'mutation.sh'), 'utf8');
  const projects = (/case "\$2" in ([a-z|-]+)\)/.exec(script)?.[1] ?? '').split('|');
  assert.ok(projects.includes('comparer') && projects.includes('library'), projects.join(' '));
  assert.deepEqual([...job.strategy.matrix.project].sort(), projects.filter((p) => p !== 'comparer').sort());
  assert.equal(job.strategy['fail-fast'], false, 'a broken threshold in one project must not cancel the other');
  for (const run of runs) {
    assert.match(run.run, /^bash scripts\/mutation\.sh --project "\$PROJECT" /);
    assert.equal(run.env.PROJECT, '${{ matrix.project }}');
  }
  const leg = job.steps.find((s) => /artifact-name\.sh mutation "\$LEG"$/.test(String(s.run ?? '')));
  assert.equal(leg?.env?.LEG, '${{ matrix.os }}-${{ matrix.project }}', 'each leg uploads under a name of its own');
  const limit = Number(/timeout --kill-after=(\d+)s (\d+)m dotnet stryker/.exec(script)?.[2]);
  assert.ok(limit > 0 && limit + 1 + 15 <= job['timeout-minutes'], `the script's ${limit} min must fit in the leg's ${job['timeout-minutes']}`);
});

// The github context of one run, as much of it as the concurrency keys read. A scheduled run is on the default branch.
function runOf(event, { pr, runId }) {
  const ref = event === 'pull_request' ? `refs/pull/${pr}/merge` : 'refs/heads/main';
  return {
    github: {
      event_name: event, ref, ref_name: ref.replace(/^refs\/(heads|pull)\//, ''), run_id: String(runId),
      repository: 'owner/filepipes', event: event === 'pull_request' ? { pull_request: { number: pr } } : {},
    },
  };
}

const concurrencyOf = (file, context) => {
  const { group, 'cancel-in-progress': cancel } = workflows[file].doc.concurrency;
  return { group: resolveExpression(group, context), cancel: resolveExpression(cancel ?? false, context) === true };
};

test('ci.yml: a PR cancels its own superseded runs; runs on main and the weekly run are never cancelled or replaced', () => {
  const pr7 = [runOf('pull_request', { pr: 7, runId: 101 }), runOf('pull_request', { pr: 7, runId: 102 })];
  const pr8 = runOf('pull_request', { pr: 8, runId: 103 });
  const pushes = [runOf('push', { runId: 201 }), runOf('push', { runId: 202 })];
  const weekly = [runOf('schedule', { runId: 301 }), runOf('schedule', { runId: 302 })];
  const ci = (context) => concurrencyOf('ci.yml', context);

  const [first, second] = pr7.map(ci);
  assert.equal(first.group, second.group, 'a PR\'s runs share a group');
  assert.ok(second.cancel, 'a new push to a PR cancels its older run');
  assert.notEqual(ci(pr8).group, first.group, 'one PR never cancels another');
  // GitHub keeps one pending run per group and cancels an older pending one even without cancel-in-progress, so
  // only a group of its own keeps every push's run (and the weekly mutation run of up to 170 minutes) to the end.
  const others = [...pr7, pr8];
  for (const [label, runs] of [['push to main', pushes], ['weekly run', weekly]]) {
    const groups = runs.map((run) => ci(run).group);
    assert.equal(new Set(groups).size, runs.length, `each ${label} has a group of its own, got ${groups.join(', ')}`);
    for (const run of runs) {
      assert.equal(ci(run).cancel, false, `a ${label} never cancels a run in progress`);
    }
    for (const other of [...pushes, ...weekly, ...others].filter((r) => !runs.includes(r))) {
      assert.ok(!groups.includes(ci(other).group), `a ${label} shares no group with a ${other.github.event_name} run`);
    }
  }
  // Groups are per repository, across workflows: ci.yml's never meet another workflow's.
  for (const run of [...pr7, pr8, ...pushes, ...weekly]) {
    for (const file of files.filter((f) => f !== 'ci.yml')) {
      assert.notEqual(concurrencyOf(file, run).group.toLowerCase(), ci(run).group.toLowerCase(), `ci.yml and ${file}`);
    }
  }
});

test('ci.yml runs on pushes to main and on pull requests (plus its schedule), never on tags or other branches', () => {
  const { on } = workflows['ci.yml'].doc;
  assert.deepEqual(Object.keys(on).filter((event) => !['schedule', 'workflow_dispatch'].includes(event)).sort(), ['pull_request', 'push']);
  // A branches filter alone: a tag push (release.yml's) and a PR's own branch start no run of ci.yml.
  assert.deepEqual(on.push, { branches: ['main'] });
  assert.equal(on.pull_request ?? null, null, 'every pull request, whatever its base branch');
});

// What each check .ci/run runs needs on the runner, set up by the job before it runs.
const CHECK_NEEDS = {
  'scripts/ci/site-test.sh': ['actions/checkout', 'actions/setup-node'], // npm ci, node --test; Chromium is on the image
  'scripts/ci/bench-peer-adapters.sh': ['actions/checkout', 'actions/setup-dotnet'],
  'scripts/ci/unchanged-tree.sh': ['actions/checkout', 'actions/setup-dotnet', 'actions/setup-node'],
};

// A check that runs on fewer events than ci.yml, and the condition it runs under: the unchanged tree's A/B costs a
// benchmark leg, and every pull request runs that leg for real in benchmarks.yml.
const CHECK_CONDITIONS = {
  'scripts/ci/unchanged-tree.sh': "github.event_name == 'schedule'",
};

test('ci.yml runs every offline check .ci/run runs, each in a job on ubuntu-latest that sets up what it needs', () => {
  const checks = [...readFileSync(join(repo, '.ci', 'run'), 'utf8').matchAll(/^bash (scripts\/ci\/[a-z-]+\.sh) \|\| status=1$/gm)].map((m) => m[1]);
  assert.ok(['scripts/ci/site-test.sh', 'scripts/ci/bench-peer-adapters.sh'].every((c) => checks.includes(c)), checks.join(' '));
  const ci = jobsOf('ci.yml');
  for (const check of checks) {
    const runners = ci.filter(([, job]) => (job.steps ?? []).some((s) => String(s.run ?? '').trim() === `bash ${check}`));
    assert.equal(runners.length, 1, `ci.yml runs ${check} in ${runners.length} jobs`);
    const [id, job] = runners[0];
    assert.equal(job['runs-on'], 'ubuntu-latest', `ci.yml#${id}`);
    assert.equal(job.if, CHECK_CONDITIONS[check], `ci.yml#${id} runs on the events it is meant to`);
    assert.deepEqual(job.permissions, { contents: 'read', actions: 'read' }, `ci.yml#${id}`);
    const at = job.steps.findIndex((s) => String(s.run ?? '').trim() === `bash ${check}`);
    for (const action of CHECK_NEEDS[check] ?? ['actions/checkout']) {
      const setup = job.steps.findIndex((s) => String(s.uses ?? '').startsWith(`${action}@`));
      assert.ok(setup >= 0 && setup < at, `ci.yml#${id}: ${action} before ${check}`);
    }
  }
});
