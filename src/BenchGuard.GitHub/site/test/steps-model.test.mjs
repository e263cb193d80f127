// The steps summary's reading, run in Node on the same file the browser loads.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { makeStepsSummary } from './make-test-data.mjs';

const require = createRequire(import.meta.url);
const stepsModel = require('../page/js/steps-model.js');

const step = (id, fields) => ({
  id, suite: 'FilePipes time (ubuntu-latest)', os: 'ubuntu-latest', metric: 'time', benchmark: 'N.C.M', unit: 'ns',
  kind: 'regression', state: 'active', confirmation: 'unconfirmed', date: '2026-01-01T00:00:00Z', ratio: 1.2, ...fields,
});

test('steps-sample.json is the generator\'s summary, so the tool\'s reading of it checks what the page draws', () => {
  assert.deepEqual(JSON.parse(readFileSync(new URL('./steps-sample.json', import.meta.url), 'utf8')), JSON.parse(JSON.stringify(makeStepsSummary())));
});

test('the lists: confirmed regressions, the other regressions, improvements, withdrawn; each newest first', () => {
  const summary = {
    schema: 1,
    steps: [
      step('old', { date: '2026-01-01T00:00:00Z' }),
      step('new', { date: '2026-02-01T00:00:00Z' }),
      step('ok', { confirmation: 'confirmed' }),
      step('no', { confirmation: 'not-confirmed', date: '2026-03-01T00:00:00Z' }),
      step('better', { kind: 'improvement', confirmation: 'confirmed' }),
      step('gone', { state: 'withdrawn', confirmation: 'confirmed' }),
    ],
  };
  const groups = stepsModel.groupSteps(summary);
  const ids = (list) => list.map((s) => s.id);
  assert.deepEqual(ids(groups.confirmed), ['ok']);
  assert.deepEqual(ids(groups.unconfirmed), ['no', 'new', 'old']);
  assert.deepEqual(ids(groups.improvements), ['better']);
  assert.deepEqual(ids(groups.withdrawn), ['gone']);
  assert.throws(() => stepsModel.groupSteps({ ...summary, schema: 2 }), /schema 1/);
});

test('a series\' segments run between its steps, at the medians the finder measured', () => {
  const commits = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
  const steps = [
    step('2', { commit: 'f', pointsBefore: 3, pointsAfter: 2, medianBefore: 20, medianAfter: 30 }),
    step('1', { commit: 'c', pointsBefore: 2, pointsAfter: 3, medianBefore: 10, medianAfter: 20 }),
    step('x', { commit: 'not-here', pointsBefore: 2, pointsAfter: 3, medianBefore: 1, medianAfter: 2 }),
  ];
  assert.deepEqual(stepsModel.segments(steps, commits), [
    { from: 0, to: 1, median: 10 },
    { from: 2, to: 4, median: 20 },
    { from: 5, to: 6, median: 30 },
  ]);
  assert.deepEqual(stepsModel.segments([], commits), []);
});

test('a step\'s chart link names its OS, metric and method', () => {
  const fragment = stepsModel.chartFragment(step('1', { os: 'windows-latest', metric: 'allocated', benchmark: 'FilePipes.Benchmarks.ReadBenchmarks.FilePipeReader(BufferSize: 4096)' }));
  const parsed = new URLSearchParams(fragment.slice(1));
  assert.equal(parsed.get('os'), 'windows-latest');
  assert.equal(parsed.get('metric'), 'allocated');
  assert.equal(parsed.get('q'), 'ReadBenchmarks.FilePipeReader(');
});

test('checkStatus: the confirmation, and for a confirmed step with a range how far its bisection got', () => {
  assert.deepEqual(stepsModel.checkStatus(step('1', { confirmation: 'unconfirmed' })), { text: 'not yet confirmed', traced: null });
  assert.deepEqual(stepsModel.checkStatus(step('1', { confirmation: 'not-confirmed', bisect: { good: 'g', bad: 'b', commits: 1 } })), { text: 'not confirmed by A/B', traced: null });
  assert.deepEqual(stepsModel.checkStatus(step('1', { confirmation: 'confirmed' })), { text: 'confirmed by A/B', traced: null });
  assert.deepEqual(stepsModel.checkStatus(step('1', { confirmation: 'confirmed', bisect: { good: 'g', bad: 'b', commits: 5 } })), { text: 'confirmed by A/B over 5 commits; bisecting', traced: null });
  assert.deepEqual(stepsModel.checkStatus(step('1', { confirmation: 'confirmed', bisect: { good: 'g', bad: 'b', commits: 1 } })), { text: 'confirmed by A/B; brought by', traced: 'b' });
  assert.match(stepsModel.checkStatus(step('1', { confirmation: 'maybe' })).text, /unknown confirmation "maybe"/);
});
