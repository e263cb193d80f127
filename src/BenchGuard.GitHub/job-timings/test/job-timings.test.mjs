// The job-timings step: its reading of timeout-minutes, its summary, and a run against a fake GitHub API on 127.0.0.1.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_TIMEOUT_MINUTES, main, summarize, thisJob, timeoutMinutes, workflowPath } from '../job-timings.mjs';

const WORKFLOW = `name: w
on: push
jobs: # the jobs
  suite:
    runs-on: ubuntu-latest
    timeout-minutes: 40 # why
    steps:
      - run: echo "timeout-minutes: 5"
  untimed:
    runs-on: ubuntu-latest
    steps:
      - run: echo
  last:
    timeout-minutes: 7
`;

test('timeout-minutes is the job\'s own line; none is GitHub\'s default; an unknown job is null', () => {
  assert.equal(timeoutMinutes(WORKFLOW, 'suite'), 40);
  assert.equal(timeoutMinutes(WORKFLOW, 'untimed'), DEFAULT_TIMEOUT_MINUTES);
  assert.equal(timeoutMinutes(WORKFLOW, 'last'), 7);
  assert.equal(timeoutMinutes(WORKFLOW.replaceAll('\n', '\r\n'), 'suite'), 40);
  assert.equal(timeoutMinutes(WORKFLOW, 'suit'), null);
  assert.equal(timeoutMinutes(WORKFLOW, 'steps'), null);
  assert.equal(timeoutMinutes('name: w\n', 'suite'), null);
});

const job = (overrides = {}) => ({
  name: 'suite (ubuntu-latest)',
  runner_name: 'GitHub Actions 3',
  status: 'in_progress',
  started_at: '2026-12-02T10:00:00Z',
  steps: [
    { name: 'Set up job', status: 'completed', conclusion: 'success', started_at: '2026-12-02T10:00:00Z', completed_at: '2026-12-02T10:00:04Z' },
    { name: 'Run the | suite', status: 'completed', conclusion: 'success', started_at: '2026-12-02T10:00:04Z', completed_at: '2026-12-02T10:21:09Z' },
    { name: 'Upload', status: 'completed', conclusion: 'skipped', started_at: null, completed_at: null },
    { name: 'Step timings', status: 'in_progress', conclusion: null, started_at: '2026-12-02T10:21:09Z', completed_at: null },
  ],
  ...overrides,
});

test('the summary gives each step\'s time and the job\'s share of its limit', () => {
  const summary = summarize(job(), 40, '2026-12-02T10:21:10Z');
  assert.equal(summary.line, 'suite (ubuntu-latest): 21 min 10 s so far of its 40-minute limit (53%), within its limit.');
  assert.equal(summary.nearLimit, false);
  assert.match(summary.markdown, /^### Step timings\n/);
  assert.match(summary.markdown, /\| Set up job \| 4 s \|/);
  assert.match(summary.markdown, /\| Run the \\\| suite \| 21 min 05 s \|/, 'a | in a step name cannot end the cell');
  assert.match(summary.markdown, /\| Upload \| skipped \|/);
  assert.match(summary.markdown, /\| Step timings \| running \|/);
});

test('from three quarters of the limit on, the summary says to raise timeout-minutes', () => {
  assert.equal(summarize(job(), 40, '2026-12-02T10:29:59Z').nearLimit, false);
  const near = summarize(job(), 40, '2026-12-02T10:30:00Z');
  assert.equal(near.nearLimit, true);
  assert.match(near.line, /\(75%\), ⚠️ near its limit: raise `timeout-minutes` of this job/);
});

test('this job is the one in progress on this runner, and exactly one', () => {
  const done = job({ status: 'completed' });
  const other = job({ runner_name: 'GitHub Actions 9', name: 'suite (windows-latest)' });
  assert.equal(thisJob([done, other, job()], 'GitHub Actions 3').name, 'suite (ubuntu-latest)');
  assert.throws(() => thisJob([done, other], 'GitHub Actions 3'), /0 jobs of this run are in progress on runner 'GitHub Actions 3'/);
});

test('the workflow file is GITHUB_WORKFLOW_REF without its repository and ref', () => {
  assert.equal(workflowPath('o/r/.github/workflows/ci.yml@refs/pull/4/merge', 'o/r'), '.github/workflows/ci.yml');
  assert.throws(() => workflowPath('x/y/.github/workflows/ci.yml@refs/heads/main', 'o/r'), /is not o\/r\/<path>@<ref>/);
  assert.throws(() => workflowPath(undefined, 'o/r'), /GITHUB_WORKFLOW_REF 'undefined'/);
});

async function fakeGitHub(answer) {
  const calls = [];
  const server = createServer((req, res) => {
    calls.push({ path: new URL(req.url, 'http://x').pathname, auth: req.headers.authorization });
    const [status, body] = answer(new URL(req.url, 'http://x'));
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, calls, close: () => new Promise((resolve) => server.close(resolve)) };
}

function checkout() {
  const root = mkdtempSync(join(tmpdir(), 'job-timings-'));
  mkdirSync(join(root, '.github', 'workflows'), { recursive: true });
  writeFileSync(join(root, '.github', 'workflows', 'ci.yml'), WORKFLOW);
  writeFileSync(join(root, 'summary.md'), '');
  return root;
}

async function run(answer, envOverrides = {}) {
  const github = await fakeGitHub(answer);
  const root = checkout();
  const lines = [];
  const log = console.log;
  const cwd = process.cwd();
  console.log = (line) => lines.push(line);
  try {
    process.chdir(root);
    const code = await main({
      GITHUB_API_URL: github.url, GITHUB_TOKEN: 't0k', GITHUB_REPOSITORY: 'o/r', GITHUB_RUN_ID: '77', GITHUB_RUN_ATTEMPT: '2',
      RUNNER_NAME: 'GitHub Actions 3', GITHUB_JOB: 'suite', GITHUB_WORKFLOW_REF: 'o/r/.github/workflows/ci.yml@refs/heads/main',
      GITHUB_STEP_SUMMARY: join(root, 'summary.md'), ...envOverrides,
    }, '2026-12-02T10:35:00Z');
    return { code, lines, summary: readFileSync(join(root, 'summary.md'), 'utf8'), calls: github.calls };
  } finally {
    process.chdir(cwd);
    console.log = log;
    await github.close();
  }
}

test('a run reads this attempt\'s jobs and writes the summary, with a warning near the limit', async () => {
  const result = await run((url) => (url.pathname === '/repos/o/r/actions/runs/77/attempts/2/jobs' ? [200, { total_count: 2, jobs: [job({ runner_name: 'other' }), job()] }] : [404, {}]));
  assert.equal(result.code, 0);
  assert.deepEqual(result.calls.map((c) => c.path), ['/repos/o/r/actions/runs/77/attempts/2/jobs']);
  assert.equal(result.calls[0].auth, 'Bearer t0k');
  assert.match(result.summary, /suite \(ubuntu-latest\): 35 min 00 s so far of its 40-minute limit \(88%\), ⚠️ near its limit/);
  assert.ok(result.lines.some((line) => line.startsWith('::warning::suite (ubuntu-latest): 35 min 00 s')), result.lines.join('\n'));
});

test('what it cannot read is a one-line warning and exit 0: the job did its work', async () => {
  const failing = await run(() => [500, { message: 'Server Error' }]);
  assert.equal(failing.code, 0);
  assert.equal(failing.summary, '');
  assert.deepEqual(failing.lines, ['::warning::job-timings: GET /actions/runs/77/attempts/2/jobs?per_page=100&page=1: HTTP 500 {"message":"Server Error"}']);

  const noJob = await run(() => [200, { jobs: [] }], { GITHUB_JOB: 'nope' });
  assert.deepEqual(noJob.lines, ['::warning::job-timings: .github/workflows/ci.yml has no job \'nope\'']);
  assert.equal(noJob.calls.length, 0);

  const noToken = await run(() => [200, { jobs: [] }], { GITHUB_TOKEN: '' });
  assert.deepEqual(noToken.lines, ['::warning::job-timings: GITHUB_TOKEN is not set']);
});
