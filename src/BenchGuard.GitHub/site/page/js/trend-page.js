// The charts: builds the model from data.js and config.js once summary-first.js has loaded them, and redraws the
// chosen view whenever a control or the URL fragment changes. The helpers a view needs reach it as one `view` object.
(function (root) {
  'use strict';

  const trend = root.FilePipesTrend;
  const { formatValue, formatRange } = trend.units;
  const controls = trend.pageControls;
  // config.js is written by build-site.sh with the tool's policy values; the page restates none of them.
  const config = Object.assign({ baselineMethods: {} }, root.FILEPIPES_TREND_CONFIG || {});
  const METRIC_TEXT = trend.trendModel.METRIC_TEXT;

  const state = { os: '', metric: 'time', view: 'values', query: '', params: {}, log: false };
  let model = null;
  let charts = [];
  let stepIndex = null;
  const pendingDraws = new Map();
  const nearObserver = new root.IntersectionObserver((entries) => drawWhenNear(entries), { rootMargin: '400px 0px' });

  const byId = (id) => document.getElementById(id);
  const element = trend.element;

  function showProblem(text) {
    byId('controls').hidden = true;
    byId('charts').replaceChildren(element('p', { className: 'problem', role: 'alert', text }));
    byId('status').textContent = '';
  }

  // ---- what is shown ---------------------------------------------------------------------------------------

  function isShown(name) {
    const haystack = (name.className + '.' + name.method + '(' + name.parameterText + ')').toLowerCase();
    const terms = state.query.toLowerCase().split(/\s+/).filter((t) => t !== '');
    if (!terms.every((t) => haystack.includes(t))) {
      return false;
    }
    return name.parameters.every((p) => !(p.name in state.params) || state.params[p.name] === p.value);
  }

  function shownOses() {
    return state.os === controls.BOTH ? model.oses : [state.os];
  }

  function shownSuites() {
    return shownOses()
      .map((os) => trend.trendModel.findSuite(model, os, state.metric))
      .filter((suite) => suite !== null);
  }

  function decoratePoint(point) {
    if (point === null) {
      return null;
    }
    return {
      y: point.value,
      valueText: formatValue(point.value, point.unit),
      rangeText: formatRange(point.range, point.unit),
      extra: point.extra,
      alert: point.alert
        ? { ratio: point.alert.ratio, previousText: 'was ' + formatValue(point.alert.previousValue, point.unit) }
        : null,
    };
  }

  function unitOf(suite) {
    for (const bench of suite.benches.values()) {
      const point = bench.points.find((p) => p !== null);
      if (point) {
        return point.unit;
      }
    }
    return METRIC_TEXT[state.metric].unit;
  }

  function figureHeading(os) {
    return os + ' · ' + METRIC_TEXT[state.metric].label.toLowerCase();
  }

  // The active steps of a series, from steps.json when the page has it (none otherwise).
  function stepsFor(suite, bench) {
    if (stepIndex === null) {
      stepIndex = trend.stepsModel.indexSteps(trend.stepsSummary);
    }
    return stepIndex.get(suite.name + '\u0000' + bench.fullName) || [];
  }

  function openCommit(commit) {
    if (commit.url) {
      root.open(commit.url, '_blank', 'noopener');
    }
  }

  // Charts are drawn when they come near the screen: a full history (hundreds of benchmarks, a hundred commits)
  // drawn all at once blocks the page for seconds, and most of it is never scrolled to.
  function drawWhenNear(entries) {
    for (const entry of entries) {
      if (!entry.isIntersecting || !pendingDraws.has(entry.target)) {
        continue;
      }
      const draw = pendingDraws.get(entry.target);
      pendingDraws.delete(entry.target);
      nearObserver.unobserve(entry.target);
      const chart = draw();
      if (chart) {
        charts.push(chart);
        entry.target.dataset.drawn = 'true';
      }
    }
  }

  function placeFigures(container, figures) {
    const row = element('div', { className: 'figures figures-' + figures.length }, figures.map((f) => f.figure));
    container.append(row);
    for (const f of figures) {
      pendingDraws.set(f.figure, f.draw);
      nearObserver.observe(f.figure);
    }
  }

  function render() {
    for (const chart of charts) {
      chart.destroy();
    }
    charts = [];
    pendingDraws.clear();
    nearObserver.disconnect();
    const main = byId('charts');
    main.replaceChildren();
    const view = {
      state, shownSuites, shownOses, figureHeading, unitOf, decoratePoint, placeFigures, openCommit, isShown, stepsFor, METRIC_TEXT,
    };
    const figureCount = state.view === 'ratio'
      ? trend.ratioView.render(main, view, config.baselineMethods)
      : trend.valuesView.render(main, view);
    if (figureCount === 0) {
      main.append(element('p', { className: 'problem', text: state.query
        ? 'No benchmark matches “' + state.query + '” with the chosen parameters.'
        : 'No benchmark to show for this choice.' }));
    }
    trend.alertList.render(view, model.threshold);
    byId('status').textContent =
      'Showing ' + figureCount + (figureCount === 1 ? ' chart' : ' charts') + ' of ' +
      METRIC_TEXT[state.metric].noun + (state.view === 'ratio' ? ' ratios' : '') + ' for ' +
      shownOses().join(' and ') + '.';
    document.body.dataset.rendered = String(Number(document.body.dataset.rendered || 0) + 1);
    if (typeof trend.page.onFirstRender === 'function') {
      trend.page.onFirstRender();
      trend.page.onFirstRender = null;
    }
  }

  function update() {
    controls.read(state);
    controls.writeFragment(state);
    render();
  }

  function start() {
    if (!root.BENCHMARK_DATA) {
      showProblem(
        'No trend data yet: data.js was not found next to this page. It appears after the first push to main ' +
        'has run the benchmarks.',
      );
      return;
    }
    if (typeof root.Chart !== 'function') {
      showProblem('The charting library (chart.umd.js) did not load.');
      return;
    }
    try {
      model = trend.trendModel.buildModel(root.BENCHMARK_DATA, config);
    } catch (error) {
      showProblem('Cannot read the trend data: ' + error.message);
      return;
    }
    if (model.suites.length === 0) {
      showProblem('data.js holds no "FilePipes <metric> (<os>)" suite (time, allocated or a counter).');
      return;
    }
    byId('allocation-tolerance').textContent = formatValue(config.allocationToleranceBytes, 'B');
    const updated = model.lastUpdate ? new Date(model.lastUpdate).toISOString().slice(0, 16).replace('T', ' ') : '';
    byId('last-update').textContent = updated ? 'Data updated ' + updated + ' UTC.' : '';
    if (model.repoUrl) {
      const link = byId('repo-link');
      link.href = model.repoUrl;
      link.hidden = false;
    }
    root.Chart.defaults.font.family = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
    root.Chart.defaults.color = '#333333';
    controls.build(model, config);
    controls.readFragment(state, model);
    controls.write(state);
    controls.read(state);
    render();

    byId('controls').addEventListener('change', update);
    let typing = 0;
    byId('filter').addEventListener('input', () => {
      root.clearTimeout(typing);
      typing = root.setTimeout(update, 150);
    });
    byId('controls').addEventListener('submit', (event) => {
      event.preventDefault();
      update();
    });
    root.addEventListener('hashchange', () => {
      controls.readFragment(state, model);
      controls.write(state);
      render();
      // A step's chart link changes the fragment: take the reader to the chart it opened.
      byId('charts').scrollIntoView();
    });
  }

  // summary-first.js calls start() once data.js has loaded (or failed to).
  trend.page = { start, state: () => Object.assign({}, state), charts: () => charts.slice(), onFirstRender: null };
})(self);
