// The Ratio view: for each class with a baseline method, a card per parameter set with every other method's
// value divided by the baseline method's at the same commit (the seed report's table, over time).
(function (root) {
  'use strict';

  const trend = root.FilePipesTrend;
  const element = trend.element;
  const { formatValue, formatRatio } = trend.units;

  function render(main, view, baselineMethods) {
    const { state, shownSuites, shownOses, figureHeading, placeFigures, openCommit, isShown, METRIC_TEXT } = view;
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
      const baselineMethod = baselineMethods[className];
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

  trend.ratioView = { render };
})(self);
