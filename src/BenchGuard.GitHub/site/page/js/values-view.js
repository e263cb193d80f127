// The Values view: a section per class, a card per method with a line per parameter set (or one card with a
// line per method, where every method has a single series), and a chart per shown OS in each card.
(function (root) {
  'use strict';

  const trend = root.FilePipesTrend;
  const element = trend.element;
  const { formatValue } = trend.units;

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

  function render(main, view) {
    const {
      state, shownSuites, shownOses, figureHeading, unitOf, decoratePoint, placeFigures, openCommit, isShown, stepsFor, METRIC_TEXT,
    } = view;
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
            benches[index]
              ? [{
                label: s.label,
                colorIndex: index,
                points: benches[index].points.map(decoratePoint),
                segments: trend.stepsModel.segments(stepsFor(suite, benches[index]), suite.commits.map((c) => c.id)),
              }]
              : [],
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

  trend.valuesView = { render, splitCommonParameters };
})(self);
