// The page's first view: the steps in the trend from steps.json, before data.js is loaded. Confirmed regressions
// first, then the regressions not confirmed (yet), improvements apart, withdrawn steps last, each newest first, each
// with its benchmark, OS, metric, ratio, commit, date and a link to its chart.
(function (root) {
  'use strict';

  const trend = root.FilePipesTrend;
  const element = trend.element;
  const { formatValue } = trend.units;
  const stepsModel = trend.stepsModel;
  const byId = (id) => document.getElementById(id);

  function shortName(fullName) {
    const name = trend.benchmarkName.parseBenchmarkName(fullName);
    return name.className + '.' + name.method + (name.parameterText ? '(' + name.parameterText + ')' : '');
  }

  function ratioText(step) {
    if (typeof step.ratio !== 'number') {
      return 'from ' + formatValue(step.medianBefore, step.unit);
    }
    const interval = step.deterministic || typeof step.lower !== 'number' || typeof step.upper !== 'number'
      ? ''
      : ' (' + step.lower.toFixed(2) + '–' + step.upper.toFixed(2) + ')';
    return '×' + step.ratio.toFixed(2) + interval;
  }

  function commitLink(commit, repoUrl) {
    return repoUrl ? element('a', { href: repoUrl + '/commit/' + commit, text: commit.slice(0, 7) }) : element('code', { text: commit.slice(0, 7) });
  }

  function statusOf(step, repoUrl) {
    if (step.state === 'withdrawn') {
      return element('span', { className: 'step-status', text:
        '(withdrawn' + (step.withdrawn && step.withdrawn.date ? ' ' + step.withdrawn.date.slice(0, 10) : '') + ': the newer history no longer shows it)' });
    }
    const status = stepsModel.checkStatus(step);
    return status.traced
      ? element('span', { className: 'step-status' }, ['(' + status.text + ' ', commitLink(status.traced, repoUrl), ')'])
      : element('span', { className: 'step-status', text: '(' + status.text + ')' });
  }

  function item(step, repoUrl) {
    const withdrawn = step.state === 'withdrawn';
    return element('li', {
      className: 'step step-' + step.kind + (withdrawn ? ' step-withdrawn' : ''),
      'data-step': step.id,
      'data-commit': step.commit,
      'data-confirmation': step.confirmation,
    }, [
      element('span', { className: 'flag flag-' + step.kind, text: (step.kind === 'regression' ? '▲ ' : '▼ ') + ratioText(step) }),
      ' ',
      element('code', { text: shortName(step.benchmark) }),
      ' on ' + (step.os || step.suite) + (step.metric ? ' · ' + step.metric : '') + ': ',
      formatValue(step.medianBefore, step.unit) + ' → ' + formatValue(step.medianAfter, step.unit) + ' from ',
      commitLink(step.commit, repoUrl),
      step.date ? ' (' + step.date.slice(0, 10) + ')' : '',
      ' ',
      statusOf(step, repoUrl),
      ' ',
      element('a', { className: 'chart-link', href: stepsModel.chartFragment(step), text: 'chart' }),
    ]);
  }

  function list(heading, steps, repoUrl, emptyText, className) {
    return element('div', { className: 'step-group ' + className }, [
      element('h3', { text: heading + ' (' + steps.length + ')' }),
      steps.length === 0
        ? element('p', { className: 'no-steps', text: emptyText })
        : element('ol', { className: 'step-list' }, steps.map((s) => item(s, repoUrl))),
    ]);
  }

  function render(summary) {
    const groups = stepsModel.groupSteps(summary);
    const policy = summary.policy || {};
    const section = byId('steps');
    section.replaceChildren(
      element('h2', { id: 'steps-heading', text: 'Steps in the trend' }),
      element('p', { className: 'steps-lede', text:
        'Change points in each series (benchmark × OS × metric): a lasting change of level of at least ' +
        Math.round((policy.minEffect || 0) * 100) + '%, whose ' + Math.round((policy.confidence || 0) * 100) +
        '% confidence interval leaves out no change, with at least ' + policy.minSegment + ' commits on each side. ' +
        summary.series.length + ' series; found by ' + summary.tool + '.' }),
      list('Confirmed regressions', groups.confirmed, summary.repoUrl, 'None: no step is confirmed by an A/B of its commit against the point before it.', 'steps-confirmed'),
      list('Regressions not confirmed', groups.unconfirmed, summary.repoUrl, 'None.', 'steps-unconfirmed'),
      list('Improvements', groups.improvements, summary.repoUrl, 'None.', 'steps-improvements'),
      groups.withdrawn.length > 0 ? list('Withdrawn', groups.withdrawn, summary.repoUrl, '', 'steps-withdrawn') : null,
    );
    section.hidden = false;
  }

  trend.stepsList = { render };
})(self);
