// The list of alerts above the charts: every alerted point of the shown suites and benchmarks, newest first.
(function (root) {
  'use strict';

  const element = root.FilePipesTrend.element;
  const alertCheckText = root.FilePipesTrend.alerts.alertCheckText;
  const byId = (id) => document.getElementById(id);
  const ALERT_LIST_LIMIT = 12;

  function shortName(name) {
    return name.className + '.' + name.method + (name.parameterText ? '(' + name.parameterText + ')' : '');
  }

  function render(view, thresholdRatio) {
    const { shownSuites, isShown } = view;
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
    const threshold = Math.round(thresholdRatio * 100) + '%';
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
          ' ',
          element('span', { className: 'alert-check', text: '(' + alertCheckText(root.FILEPIPES_ALERT_CHECKS, a.commit.id, a.suite.os, a.suite.metric) + ')' }),
        ]),
      ),
    );
    if (found.length > ALERT_LIST_LIMIT) {
      list.append(element('li', { text: '… and ' + (found.length - ALERT_LIST_LIMIT) + ' more (see the tables).' }));
    }
  }

  root.FilePipesTrend.alertList = { render };
})(self);
