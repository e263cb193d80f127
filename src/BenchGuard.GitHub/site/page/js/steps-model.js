// Reads the tool's steps summary (steps.json, written by `benchguard change-points --summary`): which steps the
// page lists first and in what order, the link to each step's chart, and the segments a chart draws. The summary
// carries the finder's settings; the page restates none of them.
(function (root, factory) {
  const isNode = typeof module === 'object' && module.exports;
  const api = isNode ? factory(require('./benchmark-name.js')) : factory(root.FilePipesTrend.benchmarkName);
  if (isNode) {
    module.exports = api;
  } else {
    root.FilePipesTrend.stepsModel = api;
  }
})(typeof self !== 'undefined' ? self : this, function (benchmarkName) {
  'use strict';

  // The schema this page reads; a newer summary is shown as unreadable rather than misread.
  const SCHEMA = 1;

  function newestFirst(a, b) {
    return String(b.date).localeCompare(String(a.date)) || (b.ratio || 0) - (a.ratio || 0);
  }

  // The lists the page shows, in its order: confirmed regressions, then the other regressions (not yet or not
  // confirmed), improvements apart, and the withdrawn steps last, each newest first.
  function groupSteps(summary) {
    if (!summary || summary.schema !== SCHEMA || !Array.isArray(summary.steps)) {
      throw new Error('not a steps summary of schema ' + SCHEMA);
    }
    const active = summary.steps.filter((s) => s.state === 'active');
    const regressions = active.filter((s) => s.kind === 'regression');
    return {
      confirmed: regressions.filter((s) => s.confirmation === 'confirmed').sort(newestFirst),
      unconfirmed: regressions.filter((s) => s.confirmation !== 'confirmed').sort(newestFirst),
      improvements: active.filter((s) => s.kind === 'improvement').sort(newestFirst),
      withdrawn: summary.steps.filter((s) => s.state === 'withdrawn').sort(newestFirst),
    };
  }

  // What the A/B checks said of a step: its confirmation and, for a confirmed regression whose A/B range held several
  // commits, how far the bisection got (`traced` is the commit it ended on, else null).
  const CONFIRMATION_TEXT = {
    confirmed: 'confirmed by A/B',
    'not-confirmed': 'not confirmed by A/B',
    unconfirmed: 'not yet confirmed',
  };

  function checkStatus(step) {
    const text = CONFIRMATION_TEXT[step.confirmation] || 'unknown confirmation "' + step.confirmation + '"';
    const range = step.confirmation === 'confirmed' ? step.bisect : null;
    if (!range) {
      return { text, traced: null };
    }
    return range.commits === 1
      ? { text: text + '; brought by', traced: range.bad }
      : { text: text + ' over ' + range.commits + ' commits; bisecting', traced: null };
  }

  // The fragment that opens the step's chart: its OS and metric, and a filter that matches its method only.
  function chartFragment(step) {
    const name = benchmarkName.parseBenchmarkName(step.benchmark);
    const fragment = new URLSearchParams({ os: step.os, metric: step.metric, view: 'values', q: name.className + '.' + name.method + '(' });
    return '#' + fragment.toString();
  }

  // The active steps of every series, by suite and benchmark, for the charts.
  function indexSteps(summary) {
    const bySeries = new Map();
    for (const step of (summary && summary.steps) || []) {
      if (step.state !== 'active') {
        continue;
      }
      const key = step.suite + '\u0000' + step.benchmark;
      if (!bySeries.has(key)) {
        bySeries.set(key, []);
      }
      bySeries.get(key).push(step);
    }
    return bySeries;
  }

  // A series' segments between its steps, as index ranges of the suite's commits with each segment's median:
  // what the finder measured, drawn over the points it describes. Steps whose commit the chart lacks are left out.
  function segments(steps, commitIds) {
    const at = new Map(commitIds.map((id, index) => [id, index]));
    const placed = steps
      .filter((s) => at.has(s.commit))
      .map((s) => ({ step: s, index: at.get(s.commit) }))
      .sort((a, b) => a.index - b.index);
    const result = [];
    placed.forEach(({ step, index }, i) => {
      const from = i === 0 ? Math.max(0, index - step.pointsBefore) : placed[i - 1].index;
      result.push({ from, to: index - 1, median: step.medianBefore });
      if (i === placed.length - 1) {
        result.push({ from: index, to: Math.min(commitIds.length - 1, index + step.pointsAfter - 1), median: step.medianAfter });
      }
    });
    return result;
  }

  return { SCHEMA, groupSteps, checkStatus, chartFragment, indexSteps, segments };
});
