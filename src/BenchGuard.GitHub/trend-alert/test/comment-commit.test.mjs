// The comment on a commit whose regression in the trend an A/B confirmed: posted through the REST API (a local server
// stands in for GitHub), and refused in one line without a commit or a token.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const script = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'comment-commit.mjs');

function run(args, env) {
  return new Promise((done) => {
    const child = spawn('node', [script, ...args], { env: { ...process.env, GH_TOKEN: '', GITHUB_TOKEN: '', ...env } });
    let stderr = '';
    child.stderr.on('data', (chunk) => { stderr += chunk; });
    child.on('close', (status) => done({ status, stderr }));
  });
}

test('comment-commit: posts the body on the commit; bad input is exit 2, a refusal exit 1, each one line', async () => {
  const requests = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => { body += chunk; });
    req.on('end', () => {
      requests.push({ method: req.method, url: req.url, auth: req.headers.authorization, body: JSON.parse(body || 'null') });
      res.writeHead(req.url.includes('/commits/') ? 201 : 404, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise((listening) => server.listen(0, '127.0.0.1', listening));
  try {
    const apiUrl = `http://127.0.0.1:${server.address().port}`;
    const bodyFile = join(mkdtempSync(join(tmpdir(), 'comment-')), 'body.md');
    writeFileSync(bodyFile, '### Confirmed regressions in the trend\n');
    const commit = 'a'.repeat(40);
    const env = { GITHUB_API_URL: apiUrl, GH_TOKEN: 't0ken', GITHUB_REPOSITORY: 'o/r' };

    const posted = await run([commit, bodyFile], env);

    assert.equal(posted.status, 0, posted.stderr);
    assert.deepEqual(requests, [{ method: 'POST', url: `/repos/o/r/commits/${commit}/comments`, auth: 'Bearer t0ken', body: { body: '### Confirmed regressions in the trend\n' } }]);
    for (const [args, extra, status] of [[['abc', bodyFile], {}, 2], [[commit], {}, 2], [[commit, bodyFile], { GH_TOKEN: '' }, 1], [[commit, bodyFile], { GITHUB_REPOSITORY: 'o/r/x' }, 1]]) {
      const refused = await run(args, { ...env, ...extra });
      assert.equal(refused.status, status, JSON.stringify(args));
      assert.equal(refused.stderr.trim().split('\n').length, 1, refused.stderr);
    }
    assert.equal(requests.length, 1, 'nothing posted on bad input');
  } finally {
    server.close();
  }
});
