// build-site.sh: assembles the page next to an existing data.js without touching it, and refuses bad usage.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const script = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'build-site.sh');
const run = (...args) => spawnSync('bash', [script, ...args], { encoding: 'utf8' });

test('the site lands next to data.js, which stays byte for byte, and config.js carries the threshold', () => {
  const out = mkdtempSync(join(tmpdir(), 'build-site-'));
  try {
    const data = 'window.BENCHMARK_DATA = {"entries": {}}';
    writeFileSync(join(out, 'data.js'), data);
    writeFileSync(join(out, 'CNAME'), 'bench.example.org\n');
    const result = run('--out', out, '--alert-threshold', '175%', '--allocation-tolerance-bytes', '2048');
    assert.equal(result.status, 0, result.stderr);
    assert.equal(readFileSync(join(out, 'data.js'), 'utf8'), data);
    assert.equal(readFileSync(join(out, 'CNAME'), 'utf8'), 'bench.example.org\n');
    for (const file of ['index.html', 'trend.css', 'config.js', 'vendor/chart.umd.js', 'js/trend-page.js']) {
      assert.ok(existsSync(join(out, file)), file + ' missing');
    }
    const config = readFileSync(join(out, 'config.js'), 'utf8');
    assert.match(config, /"alertThreshold": "175%"/);
    assert.match(config, /"allocationToleranceBytes": 2048,/);
    assert.match(config, /"baselineMethods": \{ "ReadBenchmarks": "FileStreamSync" \}/);
    // Every script the page loads is in the folder (data.js aside, which the action writes).
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    const sources = [...html.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]);
    assert.ok(sources.length > 5);
    for (const source of sources.filter((s) => s !== 'data.js')) {
      assert.ok(existsSync(join(out, source)), source + ' is loaded by index.html but not assembled');
    }
    assert.doesNotMatch(html, /https?:\/\//, 'index.html names a remote URL');
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test('bad usage is a one-line error and exit code 2', () => {
  const policy = ['--alert-threshold', '175%', '--allocation-tolerance-bytes', '2048'];
  for (const args of [[], ['--out'], ['--out', tmpdir(), ...policy, '--alert-threshold', '1.3'], ['--out', tmpdir(), ...policy, '--baseline-method', 'Read'], ['--bogus'],
    // Neither policy value has a default here: the workflow passes scripts/policy's.
    ['--out', tmpdir(), '--alert-threshold', '175%'], ['--out', tmpdir(), '--allocation-tolerance-bytes', '2048'],
    ['--out', tmpdir(), ...policy, '--allocation-tolerance-bytes', '512B']]) {
    const result = run(...args);
    assert.equal(result.status, 2, args.join(' '));
    assert.equal(result.stderr.trim().split('\n').length, 1, result.stderr);
    assert.doesNotMatch(result.stderr, /at .*:\d+:\d+/);
  }
});
