// Recomputes the alerts github-action-benchmark raises, the way it raises them (src/write.ts, v1.22.0):
// a commit is compared with the last earlier entry of the same suite whose commit id differs, bench by bench
// (same name), and alerts when the "worse" ratio is strictly greater than the threshold. A bench missing from
// that previous entry is skipped; 0 → 0 counts as ratio 1.
// One addition of ours: an allocation alert also needs the value to grow by more than the PR check's allocation
// tolerance (scripts/policy's allocation-tolerance-bytes, the smallest change the project treats as an allocation
// regression). BenchmarkDotNet reports 0 B for some launches of long operations, and the action's ratio from 0 B to
// a few hundred bytes is infinite.
// The page rings these alerts and lists them on request; they never comment or fail a run (the steps in the trend do).
(function (root, factory) {
  const api = factory();
  if (typeof module === 'object' && module.exports) {
    module.exports = api;
  } else {
    (root.FilePipesTrend = root.FilePipesTrend || {}).alerts = api;
  }
})(typeof self !== 'undefined' ? self : this, function () {
  'use strict';

  const BIGGER_IS_BETTER_TOOLS = new Set(['benchmarkjs', 'pytest', 'customBiggerIsBetter']);

  /** The least growth (in the suite's unit) that may alert: the allocation tolerance for allocations, none for time. */
  function minIncreaseFor(metric, allocationToleranceBytes) {
    if (!(typeof allocationToleranceBytes === 'number' && Number.isFinite(allocationToleranceBytes) && allocationToleranceBytes >= 0)) {
      throw new Error('the allocation tolerance must be a number of bytes (scripts/policy), got "' + allocationToleranceBytes + '"');
    }
    return metric === 'allocated' ? allocationToleranceBytes : 0;
  }

  // The action's own format: a percentage with a trailing "%"; anything else is rejected, not guessed.
  function parseThreshold(text) {
    const match = /^\s*([0-9]+(?:\.[0-9]+)?)%\s*$/.exec(String(text));
    if (match === null) {
      throw new Error('alert threshold must be a percentage such as "150%", got "' + text + '"');
    }
    return Number(match[1]) / 100;
  }

  function worseRatio(tool, previous, current) {
    if (previous === 0 && current === 0) {
      return 1;
    }
    return BIGGER_IS_BETTER_TOOLS.has(tool) ? previous / current : current / previous;
  }

  function previousEntryIndex(entries, index) {
    const id = entries[index].commit.id;
    for (let j = index - 1; j >= 0; j--) {
      if (entries[j].commit.id !== id) {
        return j;
      }
    }
    return -1;
  }

  // Returns Map("<entry index>\u0000<bench name>" → { ratio, previousValue, previousCommitId }).
  function findSuiteAlerts(entries, threshold, minIncrease) {
    const floor = minIncrease || 0;
    const alerts = new Map();
    entries.forEach((entry, index) => {
      const previousIndex = previousEntryIndex(entries, index);
      if (previousIndex < 0) {
        return;
      }
      const previous = entries[previousIndex];
      for (const bench of entry.benches) {
        const before = previous.benches.find((b) => b.name === bench.name);
        if (before === undefined) {
          continue;
        }
        const ratio = worseRatio(entry.tool, before.value, bench.value);
        if (ratio > threshold && Math.abs(bench.value - before.value) > floor) {
          alerts.set(index + '\u0000' + bench.name, {
            ratio,
            previousValue: before.value,
            previousCommitId: previous.commit.id,
          });
        }
      }
    });
    return alerts;
  }

  // What the publish job's same-runner A/B made of an alert while the ratio alerts were re-measured (alert-checks.js
  // on gh-pages, kept as history); the steps in the trend are what is re-measured now (steps.json).
  const CHECK_TEXT = {
    confirmed: 'confirmed by a same-runner A/B',
    'not-confirmed': 'not confirmed by a same-runner A/B',
    unchecked: 'unchecked: its A/B did not finish',
  };

  // The metrics whose alerts were re-measured. A counter's alert is a real change of the code's counts, not noise to
  // confirm; the PR's counters check is where it is gated.
  const CONFIRMED_METRICS = new Set(['time', 'allocated']);

  function alertCheckText(checks, commitId, os, metric) {
    if (metric !== undefined && !CONFIRMED_METRICS.has(metric)) {
      return 'a deterministic counter: not re-measured';
    }
    const check = checks && checks[commitId] && checks[commitId].oses && checks[commitId].oses[os];
    return check ? CHECK_TEXT[check.status] || 'unknown check "' + check.status + '"' : 'not re-measured: the steps in the trend are';
  }

  return { parseThreshold, findSuiteAlerts, minIncreaseFor, alertCheckText, CONFIRMED_METRICS };
});
