// The page: reads the controls (mirrored in the URL fragment, so a view can be linked), then draws one card
// per class method (values) or per parameter set (ratio to the class's baseline method).
(function (root) {
  'use strict';

  const trend = root.FilePipesTrend;
  const { formatValue, formatRange, formatRatio } = trend.units;
  const config = Object.assign(
    { alertThreshold: '130%', baselineMethods: {} },
    root.FILEPIPES_TREND_CONFIG || {},
  );
  const METRIC_TEXT = {
    time: { label: 'Time', axis: 'Mean time per operation', noun: 'mean time' },
    allocated: { label: 'Allocated', axis: 'Allocated per operation', noun: 'allocated bytes' },
  };
  const BOTH = 'both';
  const ALERT_LIST_LIMIT = 12;

  const state = { os: '', metric: 'time', view: 'values', query: '', params: {}, log: false };
  let model = null;
  let charts = [];

  const byId = (id) => document.getElementById(id);

  function element(tag, attributes, children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      if (name === 'text') {
        node.textContent = value;
      } else if (name === 'className') {
        node.className = value;
      } else {
        node.setAttribute(name, value);
      }
    }
    for (const child of children || []) {
      if (child !== null && child !== undefined) {
        node.append(child);
      }
    }
    return node;
  }

  function showProblem(text) {
    byId('controls').hidden = true;
    byId('charts').replaceChildren(element('p', { className: 'problem', role: 'alert', text }));
    byId('status').textContent = '';
  }

  // ---- controls --------------------------------------------------------------------------------------------

  function radio(name, value, label, checked) {
    const id = name + '-' + value;
    return element('span', { className: 'choice' }, [
      Object.assign(element('input', { type: 'radio', name, id, value }), { checked }),
      element('label', { for: id, text: label }),
    ]);
  }

  function fillRadioGroup(container, name, choices) {
    container.replaceChildren(...choices.map((c) => radio(name, c.value, c.label, false)));
  }

  function allParameters() {
    const values = new Map();
    for (const suite of model.suites) {
      for (const bench of suite.benches.values()) {
        for (const { name, value } of bench.name.parameters) {
          if (!values.has(name)) {
            values.set(name, []);
          }
          if (!values.get(name).includes(value)) {
            values.get(name).push(value);
          }
        }
      }
    }
    return values;
  }

  function buildControls() {
    const osChoices = model.oses.map((os) => ({ value: os, label: os }));
    if (model.oses.length > 1) {
      osChoices.push({ value: BOTH, label: 'Side by side' });
    }
    fillRadioGroup(byId('os-choices'), 'os', osChoices);
    fillRadioGroup(
      byId('metric-choices'),
      'metric',
      model.metrics.map((m) => ({ value: m, label: METRIC_TEXT[m].label })),
    );
    const ratioClasses = Object.keys(config.baselineMethods).sort();
    const viewChoices = [{ value: 'values', label: 'Values' }];
    if (ratioClasses.length > 0) {
      viewChoices.push({ value: 'ratio', label: 'Ratio to baseline method' });
    }
    fillRadioGroup(byId('view-choices'), 'view', viewChoices);

    const selects = [];
    for (const [name, values] of allParameters()) {
      if (values.length < 2) {
        continue;
      }
      const id = 'param-' + name;
      const select = element('select', { id, 'data-parameter': name }, [
        element('option', { value: '', text: 'All' }),
        ...values.map((v) => element('option', { value: v, text: v })),
      ]);
      selects.push(element('span', { className: 'param' }, [element('label', { for: id, text: name }), select]));
    }
    byId('param-choices').replaceChildren(...selects);
    byId('param-group').hidden = selects.length === 0;
  }

  function readControls() {
    const checked = (name) => (document.querySelector('input[name="' + name + '"]:checked') || {}).value;
    state.os = checked('os') || state.os;
    state.metric = checked('metric') || state.metric;
    state.view = checked('view') || state.view;
    state.query = byId('filter').value;
    state.log = byId('log-scale').checked;
    state.params = {};
    for (const select of document.querySelectorAll('select[data-parameter]')) {
      if (select.value !== '') {
        state.params[select.dataset.parameter] = select.value;
      }
    }
  }

  function writeControls() {
    for (const name of ['os', 'metric', 'view']) {
      const input = document.querySelector('input[name="' + name + '"][value="' + CSS.escape(state[name]) + '"]');
      if (input) {
        input.checked = true;
      }
    }
    byId('filter').value = state.query;
    byId('log-scale').checked = state.log;
    for (const select of document.querySelectorAll('select[data-parameter]')) {
      select.value = state.params[select.dataset.parameter] || '';
      if (select.selectedIndex < 0) {
        select.value = '';
      }
    }
  }

  function readFragment() {
    const fragment = new URLSearchParams(root.location.hash.slice(1));
    const pick = (key, allowed, fallback) => (allowed.includes(fragment.get(key)) ? fragment.get(key) : fallback);
    const osChoices = model.oses.length > 1 ? [...model.oses, BOTH] : model.oses;
    state.os = pick('os', osChoices, model.oses[0]);
    state.metric = pick('metric', model.metrics, model.metrics[0]);
    state.view = pick('view', ['values', 'ratio'], 'values');
    state.query = fragment.get('q') || '';
    state.log = fragment.get('log') === '1';
    state.params = {};
    for (const [key, value] of fragment) {
      if (key.startsWith('p.')) {
        state.params[key.slice(2)] = value;
      }
    }
  }

  function writeFragment() {
    const fragment = new URLSearchParams({ os: state.os, metric: state.metric, view: state.view });
    if (state.query) {
      fragment.set('q', state.query);
    }
    if (state.log) {
      fragment.set('log', '1');
    }
    for (const [name, value] of Object.entries(state.params)) {
      fragment.set('p.' + name, value);
    }
    root.history.replaceState(null, '', '#' + fragment.toString());
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
    return state.os === BOTH ? model.oses : [state.os];
  }

  function shownSuites() {
    return shownOses()
      .map((os) => trend.trendModel.findSuite(model, os, state.metric))
      .filter((suite) => suite !== null);
  }

  // Parameters every series of a chart shares go to the heading, so the legend shows only what differs.
  function splitCommonParameters(parameterLists) {
    const first = parameterLists[0] || [];
    const common = first.filter((p) =>
      parameterLists.every((list) => list.some((q) => q.name === p.name && q.value === p.value)),
    );
    const isCommon = (p) => common.some((c) => c.name === p.name && c.value === p.value);
    const labels = parameterLists.map((list) => {
      const own = list.filter((p) => !isCommon(p));
      return own.length === 0 ? '' : own.map((p) => p.name + ': ' + p.value).join(', ');
    });
    return { common: common.map((p) => p.name + ': ' + p.value).join(', '), labels };
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
    return state.metric === 'time' ? 'ns' : 'B';
  }

  function figureHeading(os) {
    return os + ' · ' + METRIC_TEXT[state.metric].label.toLowerCase();
  }

  function openCommit(commit) {
    if (commit.url) {
      root.open(commit.url, '_blank', 'noopener');
    }
  }

  function placeFigures(container, figures) {
    const row = element('div', { className: 'figures figures-' + figures.length }, figures.map((f) => f.figure));
    container.append(row);
    for (const f of figures) {
      const chart = f.draw();
      if (chart) {
        charts.push(chart);
      }
    }
  }

  // A class whose methods each have one series (no parameters, or one fixed set) reads best as one chart
  // with a line per method; otherwise each method gets a chart with a line per parameter set.
  function valueCards(group) {
    const benchIn = (method, key) => (suite) => {
      const benches = method.bySuite.get(suite.name);
      const entry = benches && benches.get(key);
      return entry ? entry.bench : null;
    };
    const parametersOf = (method, key) => {
      for (const benches of method.bySuite.values()) {
        if (benches.has(key)) {
          return benches.get(key).bench.name.parameters;
        }
      }
      return [];
    };
    if (group.methods.length > 1 && group.methods.every((m) => m.seriesKeys.length === 1)) {
      const { common } = splitCommonParameters(group.methods.map((m) => parametersOf(m, m.seriesKeys[0])));
      return [{
        id: group.className + '-methods',
        title: 'All methods',
        common,
        subject: group.className + (common ? ' (' + common + ')' : ''),
        series: group.methods.map((m) => ({ label: m.method, benchIn: benchIn(m, m.seriesKeys[0]) })),
      }];
    }
    return group.methods.map((method) => {
      const { common, labels } = splitCommonParameters(method.seriesKeys.map((key) => parametersOf(method, key)));
      return {
        id: group.className + '-' + method.method,
        title: method.method,
        common,
        subject: group.className + '.' + method.method + (common ? ' (' + common + ')' : ''),
        series: method.seriesKeys.map((key, index) => ({
          label: labels[index] || method.method,
          benchIn: benchIn(method, key),
        })),
      };
    });
  }

  function renderValues(main) {
    const suites = shownSuites();
    const metricText = METRIC_TEXT[state.metric];
    let figureCount = 0;
    for (const group of trend.trendModel.groupByClassAndMethod(suites, isShown)) {
      const section = element('section', { className: 'bench-class', 'aria-labelledby': 'class-' + group.className }, [
        element('h2', { id: 'class-' + group.className, text: group.className }),
      ]);
      main.append(section);
      for (const card of valueCards(group)) {
        const headingId = 'bench-' + card.id;
        const article = element('article', { className: 'bench-card', 'aria-labelledby': headingId }, [
          element('h3', { id: headingId }, [
            element('span', { className: 'method', text: card.title }),
            card.common ? element('span', { className: 'common-params', text: card.common }) : null,
          ]),
        ]);
        section.append(article);
        const figures = shownOses().map((os) => {
          const suite = suites.find((s) => s.os === os);
          const benches = suite ? card.series.map((s) => s.benchIn(suite)) : [];
          if (!benches.some((b) => b !== null)) {
            return trend.trendChart.renderMissingFigure(figureHeading(os), os, 'No results for ' + os + '.');
          }
          const unit = unitOf(suite);
          // A series with no result on this OS is left out; colours stay tied to the series, not the position.
          const series = card.series.flatMap((s, index) =>
            benches[index] ? [{ label: s.label, colorIndex: index, points: benches[index].points.map(decoratePoint) }] : [],
          );
          figureCount++;
          return trend.trendChart.renderFigure({
            os,
            heading: figureHeading(os),
            commits: suite.commits,
            series,
            yTitle: metricText.axis,
            formatTick: (v) => formatValue(v, unit),
            logScale: state.log,
            chartLabel:
              'Line chart of ' + metricText.noun + ' per commit for ' + card.subject + ' on ' + os + ', ' +
              series.length + ' series. The same data is in the table below.',
            tableCaption: card.subject + ' on ' + os + ': ' + metricText.noun + ' per commit, newest first',
          }, openCommit);
        });
        placeFigures(article, figures);
      }
    }
    return figureCount;
  }

  function renderRatios(main) {
    const suites = shownSuites();
    let figureCount = 0;
    const withoutBaseline = [];
    const classNames = new Set();
    for (const suite of suites) {
      for (const bench of suite.benches.values()) {
        classNames.add(bench.name.className);
      }
    }
    for (const className of [...classNames].sort()) {
      const baselineMethod = config.baselineMethods[className];
      if (!baselineMethod) {
        withoutBaseline.push(className);
        continue;
      }
      const combos = trend.trendModel.ratioGroups(suites, className, baselineMethod, isShown);
      if (combos.length === 0) {
        continue;
      }
      const methodOrder = [];
      for (const combo of combos) {
        for (const m of combo.methods) {
          if (!methodOrder.includes(m)) {
            methodOrder.push(m);
          }
        }
      }
      const sectionId = 'ratio-' + className;
      const section = element('section', { className: 'bench-class', 'aria-labelledby': sectionId }, [
        element('h2', { id: sectionId }, [
          className,
          element('span', { className: 'subtitle', text: ' ÷ ' + baselineMethod + ' (same parameters, same commit; below 1× is faster)' }),
        ]),
      ]);
      main.append(section);
      for (const combo of combos) {
        const headingId = sectionId + '-' + combo.parameterText;
        const card = element('article', { className: 'bench-card', 'aria-labelledby': headingId }, [
          element('h3', { id: headingId }, [
            element('span', { className: 'method', text: combo.parameterText || '(no parameters)' }),
          ]),
        ]);
        section.append(card);
        const figures = shownOses().map((os) => {
          const suite = suites.find((s) => s.os === os);
          const ratiosByMethod = suite && combo.bySuite.get(suite.name);
          if (!ratiosByMethod) {
            return trend.trendChart.renderMissingFigure(figureHeading(os), os, 'No results for ' + os + '.');
          }
          // Every method keeps its colour across parameter sets, so a reader can follow one across cards.
          const series = methodOrder.flatMap((method, colorIndex) => {
            const ratios = ratiosByMethod.get(method);
            if (!ratios) {
              return [];
            }
            return [{
              label: method,
              colorIndex,
              points: ratios.map((r) =>
                r === null
                  ? null
                  : {
                      y: r.ratio,
                      valueText: formatRatio(r.ratio),
                      rangeText: '',
                      extra:
                        formatValue(r.point.value, r.point.unit) + ' vs ' + baselineMethod + ' ' +
                        formatValue(r.base.value, r.base.unit),
                      alert: null,
                    },
              ),
            }];
          });
          const subject = className + ' (' + (combo.parameterText || 'no parameters') + ')';
          figureCount++;
          return trend.trendChart.renderFigure({
            os,
            heading: figureHeading(os),
            commits: suite.commits,
            series,
            yTitle: 'Ratio to ' + baselineMethod,
            formatTick: (v) => formatRatio(v).replace('.00×', '×'),
            logScale: state.log,
            referenceValue: 1,
            chartLabel:
              'Line chart of each method\'s ' + METRIC_TEXT[state.metric].noun + ' divided by ' + baselineMethod +
              '\'s, per commit, for ' + subject + ' on ' + os + '. The same data is in the table below.',
            tableCaption: subject + ' on ' + os + ': ratio to ' + baselineMethod + ' per commit, newest first',
          }, openCommit);
        });
        placeFigures(card, figures);
      }
    }
    if (withoutBaseline.length > 0) {
      main.append(element('p', {
        className: 'note',
        text: 'No baseline method, so shown only in the Values view: ' + withoutBaseline.join(', ') + '.',
      }));
    }
    return figureCount;
  }

  function shortName(name) {
    return name.className + '.' + name.method + (name.parameterText ? '(' + name.parameterText + ')' : '');
  }

  function renderAlerts() {
    const found = [];
    for (const suite of shownSuites()) {
      for (const [fullName, bench] of suite.benches) {
        if (!isShown(bench.name)) {
          continue;
        }
        bench.points.forEach((point, index) => {
          if (point && point.alert) {
            found.push({ suite, fullName, bench, point, commit: suite.commits[index], index });
          }
        });
      }
    }
    found.sort((a, b) => b.index - a.index || b.point.alert.ratio - a.point.alert.ratio);
    const list = byId('alert-list');
    const threshold = Math.round(model.threshold * 100) + '%';
    byId('alert-summary').textContent =
      found.length === 0
        ? 'No alerts in the shown history (a value more than ' + threshold + ' of the previous commit\'s).'
        : found.length + (found.length === 1 ? ' alert' : ' alerts') + ' in the shown history: a value more than ' +
          threshold + ' of the previous commit\'s, as github-action-benchmark computes it.';
    list.replaceChildren(
      ...found.slice(0, ALERT_LIST_LIMIT).map((a) =>
        element('li', { 'data-commit': a.commit.id, 'data-bench': a.fullName }, [
          element('span', { className: 'flag flag-alert', text: '▲ ×' + a.point.alert.ratio.toFixed(2) }),
          ' ',
          element('code', { text: shortName(a.bench.name) }),
          ' on ' + a.suite.os + ' at ',
          element('a', { href: a.commit.url, text: a.commit.shortId }),
          ' ',
          element('span', { className: 'commit-message', text: a.commit.firstLine }),
        ]),
      ),
    );
    if (found.length > ALERT_LIST_LIMIT) {
      list.append(element('li', { text: '… and ' + (found.length - ALERT_LIST_LIMIT) + ' more (see the tables).' }));
    }
  }

  function render() {
    for (const chart of charts) {
      chart.destroy();
    }
    charts = [];
    const main = byId('charts');
    main.replaceChildren();
    const figureCount = state.view === 'ratio' ? renderRatios(main) : renderValues(main);
    if (figureCount === 0) {
      main.append(element('p', { className: 'problem', text: state.query
        ? 'No benchmark matches “' + state.query + '” with the chosen parameters.'
        : 'No benchmark to show for this choice.' }));
    }
    renderAlerts();
    byId('status').textContent =
      'Showing ' + figureCount + (figureCount === 1 ? ' chart' : ' charts') + ' of ' +
      METRIC_TEXT[state.metric].noun + (state.view === 'ratio' ? ' ratios' : '') + ' for ' +
      shownOses().join(' and ') + '.';
    document.body.dataset.rendered = String(Number(document.body.dataset.rendered || 0) + 1);
  }

  function update() {
    readControls();
    writeFragment();
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
      showProblem('data.js holds no "FilePipes time (<os>)" or "FilePipes allocated (<os>)" suite.');
      return;
    }
    const updated = model.lastUpdate ? new Date(model.lastUpdate).toISOString().slice(0, 16).replace('T', ' ') : '';
    byId('last-update').textContent = updated ? 'Data updated ' + updated + ' UTC.' : '';
    if (model.repoUrl) {
      const link = byId('repo-link');
      link.href = model.repoUrl;
      link.hidden = false;
    }
    root.Chart.defaults.font.family = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
    root.Chart.defaults.color = '#333333';
    buildControls();
    readFragment();
    writeControls();
    readControls();
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
      readFragment();
      writeControls();
      render();
    });
  }

  trend.page = { state: () => Object.assign({}, state), charts: () => charts.slice() };
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', start);
  } else {
    start();
  }
})(self);
