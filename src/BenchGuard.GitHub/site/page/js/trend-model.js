// Turns window.BENCHMARK_DATA (github-action-benchmark's data.js) into suites keyed by OS and metric, with
// every bench's points aligned on its suite's commits and the action's alerts attached to them.
(function (root, factory) {
  const isNode = typeof module === 'object' && module.exports;
  const api = isNode
    ? factory(require('./benchmark-name.js'), require('./alerts.js'))
    : factory(root.FilePipesTrend.benchmarkName, root.FilePipesTrend.alerts);
  if (isNode) {
    module.exports = api;
  } else {
    root.FilePipesTrend.trendModel = api;
  }
})(typeof self !== 'undefined' ? self : this, function (benchmarkName, alerts) {
  'use strict';

  // The metrics, in the order the page offers them, with how the page words each: the timing suite's two, then the
  // deterministic counters (export-trend --counters; an OS gets the ones it measures). Defined here once.
  const METRIC_TEXT = {
    time: { label: 'Time', axis: 'Mean time per operation', noun: 'mean time', unit: 'ns' },
    allocated: { label: 'Allocated', axis: 'Allocated per operation', noun: 'allocated bytes', unit: 'B' },
    'counted-bytes': { label: 'Counted bytes', axis: 'Bytes allocated per operation (counted)', noun: 'counted bytes', unit: 'B' },
    'read-calls': { label: 'Read calls', axis: 'Read system calls per operation', noun: 'read system calls', unit: 'calls' },
    'write-calls': { label: 'Write calls', axis: 'Write system calls per operation', noun: 'write system calls', unit: 'calls' },
    instructions: { label: 'Instructions', axis: 'Instructions per operation (callgrind)', noun: 'instructions', unit: 'instructions' },
  };
  const METRICS = Object.keys(METRIC_TEXT);
  // The suite names the benchmark workflow gives github-action-benchmark (one per OS and metric).
  const SUITE_NAME = new RegExp('^FilePipes (' + METRICS.join('|') + ') \\((.+)\\)$');
  // Baseline-bump PRs are titled "Update performance baselines (<os list>, <profile>)"; squash merges keep it.
  const BASELINE_BUMP_PREFIX = 'Update performance baselines';

  function describeCommit(entry) {
    const commit = entry.commit || {};
    const id = String(commit.id || '');
    const message = String(commit.message || '');
    const when = commit.timestamp ? new Date(commit.timestamp) : new Date(entry.date);
    return {
      id,
      shortId: id.slice(0, 7),
      message,
      firstLine: message.split('\n')[0],
      url: String(commit.url || ''),
      dateText: Number.isNaN(when.getTime()) ? '' : when.toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
      isBaselineBump: message.startsWith(BASELINE_BUMP_PREFIX),
    };
  }

  function buildSuite(name, metric, os, entries, threshold, allocationToleranceBytes) {
    const suiteAlerts = alerts.findSuiteAlerts(entries, threshold, alerts.minIncreaseFor(metric, allocationToleranceBytes));
    const benches = new Map();
    entries.forEach((entry, index) => {
      for (const bench of entry.benches) {
        let series = benches.get(bench.name);
        if (series === undefined) {
          series = { name: benchmarkName.parseBenchmarkName(bench.name), fullName: bench.name, points: new Array(entries.length).fill(null) };
          benches.set(bench.name, series);
        }
        series.points[index] = {
          value: bench.value,
          unit: bench.unit,
          range: bench.range,
          extra: bench.extra,
          alert: suiteAlerts.get(index + '\u0000' + bench.name) || null,
        };
      }
    });
    return { name, metric, os, commits: entries.map(describeCommit), benches };
  }

  function buildModel(data, config) {
    const threshold = alerts.parseThreshold(config.alertThreshold);
    const suites = [];
    const ignoredSuites = [];
    for (const [name, entries] of Object.entries((data && data.entries) || {})) {
      const match = SUITE_NAME.exec(name);
      if (match === null || !Array.isArray(entries)) {
        ignoredSuites.push(name);
        continue;
      }
      suites.push(buildSuite(name, match[1], match[2], entries, threshold, config.allocationToleranceBytes));
    }
    return {
      suites,
      ignoredSuites,
      threshold,
      oses: [...new Set(suites.map((s) => s.os))].sort(),
      metrics: METRICS.filter((m) => suites.some((s) => s.metric === m)),
      lastUpdate: data && data.lastUpdate,
      repoUrl: (data && data.repoUrl) || '',
    };
  }

  function findSuite(model, os, metric) {
    return model.suites.find((s) => s.os === os && s.metric === metric) || null;
  }

  // class → method → series (one per parameter set), in class-name order, methods and series in the order
  // they first appear (BenchmarkDotNet's own order, so a class's baseline method usually comes first).
  function groupByClassAndMethod(suites, isShown) {
    const classes = new Map();
    for (const suite of suites) {
      for (const [fullName, bench] of suite.benches) {
        if (!isShown(bench.name)) {
          continue;
        }
        const { className, method, parameterText } = bench.name;
        if (!classes.has(className)) {
          classes.set(className, new Map());
        }
        const methods = classes.get(className);
        if (!methods.has(method)) {
          methods.set(method, { method, seriesKeys: [], bySuite: new Map() });
        }
        const group = methods.get(method);
        if (!group.seriesKeys.includes(parameterText)) {
          group.seriesKeys.push(parameterText);
        }
        if (!group.bySuite.has(suite.name)) {
          group.bySuite.set(suite.name, new Map());
        }
        group.bySuite.get(suite.name).set(parameterText, { fullName, bench });
      }
    }
    return [...classes.keys()].sort().map((className) => ({
      className,
      methods: [...classes.get(className).values()],
    }));
  }

  // For a class with a baseline method: one group per parameter set, each method's value divided by the
  // baseline method's value at the same commit with the same parameters.
  function ratioGroups(suites, className, baselineMethod, isShown) {
    const combos = new Map();
    for (const suite of suites) {
      const baselineByParams = new Map();
      for (const bench of suite.benches.values()) {
        if (bench.name.className === className && bench.name.method === baselineMethod) {
          baselineByParams.set(bench.name.parameterText, bench);
        }
      }
      for (const bench of suite.benches.values()) {
        const { method, parameterText } = bench.name;
        const baseline = baselineByParams.get(parameterText);
        if (bench.name.className !== className || method === baselineMethod || baseline === undefined) {
          continue;
        }
        if (!isShown(bench.name)) {
          continue;
        }
        if (!combos.has(parameterText)) {
          combos.set(parameterText, { parameterText, methods: [], bySuite: new Map() });
        }
        const combo = combos.get(parameterText);
        if (!combo.methods.includes(method)) {
          combo.methods.push(method);
        }
        if (!combo.bySuite.has(suite.name)) {
          combo.bySuite.set(suite.name, new Map());
        }
        const ratios = bench.points.map((point, index) => {
          const base = baseline.points[index];
          if (point === null || base === null || !(base.value > 0)) {
            return null;
          }
          return { ratio: point.value / base.value, point, base };
        });
        combo.bySuite.get(suite.name).set(method, ratios);
      }
    }
    return [...combos.values()];
  }

  return { buildModel, findSuite, groupByClassAndMethod, ratioGroups, SUITE_NAME, METRIC_TEXT, BASELINE_BUMP_PREFIX };
});
