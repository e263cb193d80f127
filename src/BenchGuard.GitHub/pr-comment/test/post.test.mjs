// Runs the comment poster against a fake GitHub API on 127.0.0.1 and checks what it sends.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GitHubRest } from '../github-rest.mjs';
import { postReport } from '../post.mjs';
import { FORMER_MARKER, InputError, MARKER } from '../compose.mjs';
import { artifactName } from '../artifact-names.mjs';

const HEAD = 'b'.repeat(40);
const OSES = ['ubuntu-latest', 'windows-latest'];

// The run's head branch and repository, as workflow_run gives them; the PR's head is on them unless a test says otherwise.
const BRANCH = 'feature/x';
const REPOSITORY = 'fork/r';

async function fakeGitHub({ comments = [], headSha = HEAD, headRef = BRANCH, headRepo = REPOSITORY, jobs }) {
  const calls = [];
  const server = createServer((req, res) => {
    let data = '';
    req.on('data', (chunk) => { data += chunk; });
    req.on('end', () => {
      const url = new URL(req.url, 'http://x');
      calls.push({ method: req.method, path: url.pathname, body: data ? JSON.parse(data) : null, auth: req.headers.authorization });
      const send = (status, json) => { res.writeHead(status, { 'content-type': 'application/json' }); res.end(JSON.stringify(json)); };
      if (url.pathname === '/repos/o/r/actions/runs/77/jobs') return send(200, { jobs });
      if (url.pathname === '/repos/o/r/pulls/17') return send(200, { head: { sha: headSha, ref: headRef, repo: headRepo === null ? null : { full_name: headRepo } } });
      if (url.pathname === '/repos/o/r/issues/17/comments' && req.method === 'GET') {
        const page = Number(url.searchParams.get('page'));
        return send(200, page === 1 ? comments : []);
      }
      if (url.pathname === '/repos/o/r/issues/17/comments' && req.method === 'POST') return send(201, { id: 1 });
      if (url.pathname.startsWith('/repos/o/r/issues/comments/') && req.method === 'PATCH') return send(200, {});
      return send(404, { message: 'not found' });
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const github = new GitHubRest({ apiUrl: `http://127.0.0.1:${server.address().port}`, token: 't0k', repository: 'o/r' });
  return { github, calls, close: () => new Promise((resolve) => server.close(resolve)) };
}

function incoming(prNumber = '17') {
  const root = mkdtempSync(join(tmpdir(), 'perf-post-'));
  const dir = join(root, artifactName('pr-report', 'ubuntu-latest'));
  mkdirSync(dir);
  writeFileSync(join(dir, 'pr-number'), prNumber);
  writeFileSync(join(dir, 'report.md'), '✅ no regressions\n');
  return root;
}

const jobs = [
  { name: 'suite (ubuntu-latest)', conclusion: 'success', html_url: 'https://gh/job/1' },
  { name: 'suite (windows-latest)', conclusion: 'cancelled', html_url: 'https://gh/job/2' },
  { name: 'publish-trend', conclusion: 'skipped' },
];
const run = { runId: '77', runUrl: 'https://gh/run/77', headSha: HEAD, headBranch: BRANCH, headRepository: REPOSITORY, oses: OSES, log: () => {} };

test('creates the comment when none of ours exists, ignoring a user comment that quotes the marker', async () => {
  const api = await fakeGitHub({ jobs, comments: [{ id: 5, user: { login: 'mallory' }, body: MARKER }] });
  try {
    const outcome = await postReport({ github: api.github, incomingDir: incoming(), ...run });
    assert.equal(outcome, 'created');
    const post = api.calls.find((c) => c.method === 'POST');
    assert.equal(post.path, '/repos/o/r/issues/17/comments');
    assert.match(post.body.body, /### windows-latest\n\n> ❌ The windows-latest leg was cancelled.*\(https:\/\/gh\/job\/2\)/);
    assert.equal(post.auth, 'Bearer t0k');
    assert.equal(api.calls.filter((c) => c.method === 'PATCH').length, 0);
  } finally {
    await api.close();
  }
});

test('updates our existing comment in place', async () => {
  const mine = { id: 99, user: { login: 'github-actions[bot]' }, body: `${MARKER}\n<!-- benchguard-perf-run: 70 -->\nold` };
  const api = await fakeGitHub({ jobs, comments: [mine] });
  try {
    assert.equal(await postReport({ github: api.github, incomingDir: incoming(), ...run }), 'updated');
    const patch = api.calls.find((c) => c.method === 'PATCH');
    assert.equal(patch.path, '/repos/o/r/issues/comments/99');
    assert.equal(api.calls.filter((c) => c.method === 'POST').length, 0);
  } finally {
    await api.close();
  }
});

test('updates in place the comment an older run posted under the former marker, and only ours', async () => {
  const older = { id: 98, user: { login: 'github-actions[bot]' }, body: `${FORMER_MARKER}\n<!-- filepipes-perf-run: 70 -->\n## FilePipes performance` };
  const quoted = { id: 5, user: { login: 'mallory' }, body: FORMER_MARKER };
  const api = await fakeGitHub({ jobs, comments: [quoted, older] });
  try {
    assert.equal(await postReport({ github: api.github, incomingDir: incoming(), ...run }), 'updated');
    const patch = api.calls.find((c) => c.method === 'PATCH');
    assert.equal(patch.path, '/repos/o/r/issues/comments/98');
    assert.ok(patch.body.body.startsWith(MARKER), 'the updated comment carries the current marker');
    assert.equal(api.calls.filter((c) => c.method === 'POST').length, 0);
  } finally {
    await api.close();
  }
});

// A newer run's comment, under the current marker or the one used before the rename, is never overwritten.
for (const [label, body] of [
  ['', `${MARKER}\n<!-- benchguard-perf-run: 80 -->`],
  [' under the former marker', `${FORMER_MARKER}\n<!-- filepipes-perf-run: 80 -->`],
]) {
  test(`never overwrites a comment written by a newer run${label}`, async () => {
    const api = await fakeGitHub({ jobs, comments: [{ id: 99, user: { login: 'github-actions[bot]' }, body }] });
    try {
      assert.equal(await postReport({ github: api.github, incomingDir: incoming(), ...run }), 'stale');
      assert.equal(api.calls.filter((c) => c.method !== 'GET').length, 0);
    } finally {
      await api.close();
    }
  });
}

test('a run whose PR has moved on to a newer commit of its branch is skipped with one notice, not a failure', async () => {
  const api = await fakeGitHub({ jobs, headSha: 'c'.repeat(40) });
  try {
    const lines = [];
    const outcome = await postReport({ github: api.github, incomingDir: incoming(), ...run, log: (line) => lines.push(line) });
    assert.equal(outcome, 'moved-on');
    assert.equal(lines.length, 1);
    assert.match(lines[0], /^::notice::PR #17 has moved on to cccccccccc; this run tested bbbbbbbbbb, so its report is not posted\.$/);
    assert.equal(api.calls.filter((c) => c.method !== 'GET').length, 0, 'nothing is written');
  } finally {
    await api.close();
  }
});

test('refuses a PR number whose PR is not on this run\'s branch and repository (the artifact names another PR)', async () => {
  for (const other of [{ headRef: 'main' }, { headRepo: 'mallory/r' }, { headRepo: null }]) {
    const api = await fakeGitHub({ jobs, headSha: 'c'.repeat(40), ...other });
    try {
      await assert.rejects(postReport({ github: api.github, incomingDir: incoming(), ...run }), InputError, JSON.stringify(other));
      assert.equal(api.calls.filter((c) => c.method !== 'GET').length, 0);
    } finally {
      await api.close();
    }
  }
});

const good = { RUN_ID: '77', HEAD_SHA: HEAD, RUN_URL: 'https://gh/run/77', HEAD_BRANCH: BRANCH, HEAD_REPOSITORY: REPOSITORY, GITHUB_TOKEN: 't', GITHUB_REPOSITORY: 'o/r' };

// The CLI as pr-comment.yml runs it, against the fake API; asynchronous, since the fake answers from this process.
async function cli(env, dir = incoming()) {
  const { execFile } = await import('node:child_process');
  const { fileURLToPath } = await import('node:url');
  const script = fileURLToPath(new URL('../post.mjs', import.meta.url));
  return new Promise((resolve) => {
    execFile(process.execPath, [script, dir, fileURLToPath(new URL('../../../../baselines', import.meta.url))],
      { encoding: 'utf8', env: { ...process.env, ...good, ...env } },
      (error, stdout, stderr) => resolve({ status: error ? error.code : 0, stdout, stderr }));
  });
}

test('the CLI refuses a run id, head SHA, run URL, head branch or repository of the wrong shape with exit 2 and one line', async () => {
  for (const bad of [{ RUN_ID: '77; id' }, { HEAD_SHA: 'main' }, { RUN_URL: 'javascript:alert(1)' }, { HEAD_BRANCH: '' },
    { HEAD_BRANCH: 'a\nb' }, { HEAD_REPOSITORY: 'no-owner' }]) {
    const result = await cli(bad);
    assert.equal(result.status, 2, JSON.stringify(bad));
    assert.equal(result.stderr.trim().split('\n').length, 1);
  }
});

test('the CLI: a PR that moved on exits 0 with one notice; a PR on another branch exits 2 with one line', async () => {
  const moved = await fakeGitHub({ jobs, headSha: 'c'.repeat(40) });
  try {
    const result = await cli({ GITHUB_API_URL: moved.github.apiUrl });
    assert.equal(result.status, 0, result.stderr);
    assert.equal(result.stderr, '');
    assert.match(result.stdout, /^::notice::PR #17 has moved on to cccccccccc; [^\n]*\n$/);
  } finally {
    await moved.close();
  }
  const foreign = await fakeGitHub({ jobs, headSha: 'c'.repeat(40), headRef: 'main' });
  try {
    const result = await cli({ GITHUB_API_URL: foreign.github.apiUrl });
    assert.equal(result.status, 2);
    assert.match(result.stderr, /^post: PR #17 is main of fork\/r at c{40}, not a PR of this run's feature\/x of fork\/r\n$/);
  } finally {
    await foreign.close();
  }
});
