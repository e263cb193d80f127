// Runs the comment poster against a fake GitHub API on 127.0.0.1 and checks what it sends.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GitHubRest } from '../github-rest.mjs';
import { postReport } from '../post.mjs';
import { InputError, MARKER } from '../compose.mjs';

const HEAD = 'b'.repeat(40);
const OSES = ['ubuntu-latest', 'windows-latest'];

async function fakeGitHub({ comments = [], headSha = HEAD, jobs }) {
  const calls = [];
  const server = createServer((req, res) => {
    let data = '';
    req.on('data', (chunk) => { data += chunk; });
    req.on('end', () => {
      const url = new URL(req.url, 'http://x');
      calls.push({ method: req.method, path: url.pathname, body: data ? JSON.parse(data) : null, auth: req.headers.authorization });
      const send = (status, json) => { res.writeHead(status, { 'content-type': 'application/json' }); res.end(JSON.stringify(json)); };
      if (url.pathname === '/repos/o/r/actions/runs/77/jobs') return send(200, { jobs });
      if (url.pathname === '/repos/o/r/pulls/17') return send(200, { head: { sha: headSha } });
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
  const dir = join(root, 'filepipes-perf-ubuntu-latest');
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
const run = { runId: '77', runUrl: 'https://gh/run/77', headSha: HEAD, oses: OSES, log: () => {} };

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
  const mine = { id: 99, user: { login: 'github-actions[bot]' }, body: `${MARKER}\n<!-- filepipes-perf-run: 70 -->\nold` };
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

test('never overwrites a comment written by a newer run', async () => {
  const newer = { id: 99, user: { login: 'github-actions[bot]' }, body: `${MARKER}\n<!-- filepipes-perf-run: 80 -->` };
  const api = await fakeGitHub({ jobs, comments: [newer] });
  try {
    assert.equal(await postReport({ github: api.github, incomingDir: incoming(), ...run }), 'stale');
    assert.equal(api.calls.filter((c) => c.method !== 'GET').length, 0);
  } finally {
    await api.close();
  }
});

test('refuses a PR number whose PR head is not the commit this run tested', async () => {
  const api = await fakeGitHub({ jobs, headSha: 'c'.repeat(40) });
  try {
    await assert.rejects(postReport({ github: api.github, incomingDir: incoming(), ...run }), InputError);
    assert.equal(api.calls.filter((c) => c.method !== 'GET').length, 0);
  } finally {
    await api.close();
  }
});

test('the CLI refuses a run id, head SHA or run URL of the wrong shape with exit 2 and one line', async () => {
  const { spawnSync } = await import('node:child_process');
  const { fileURLToPath } = await import('node:url');
  const cli = fileURLToPath(new URL('../post.mjs', import.meta.url));
  const good = { RUN_ID: '77', HEAD_SHA: HEAD, RUN_URL: 'https://gh/run/77', GITHUB_TOKEN: 't', GITHUB_REPOSITORY: 'o/r' };
  for (const bad of [{ RUN_ID: '77; id' }, { HEAD_SHA: 'main' }, { RUN_URL: 'javascript:alert(1)' }]) {
    const result = spawnSync(process.execPath, [cli, incoming(), 'baselines'], { encoding: 'utf8', env: { ...process.env, ...good, ...bad } });
    assert.equal(result.status, 2, JSON.stringify(bad));
    assert.equal(result.stderr.trim().split('\n').length, 1);
  }
});
