// The table under each chart: the same series as the chart, newest commit first, for keyboards, screen readers
// and exact numbers. Long histories show the newest rows first, with a button for the rest, so that a page of
// many tables stays quick to redraw.
(function (root) {
  'use strict';

  const trend = root.FilePipesTrend;
  const element = trend.element;
  const { styleFor } = trend.seriesStyle;
  const { formatAlert } = trend.units;
  const FIRST_ROWS = 30;

  function swatch(index) {
    const node = element('span', { className: 'swatch', 'aria-hidden': 'true' });
    // CSSOM, not a style attribute: the page's Content-Security-Policy forbids inline styles.
    node.style.backgroundColor = styleFor(index).color;
    return node;
  }

  function cellFor(point, label) {
    if (!point) {
      return element('td', { className: 'missing', 'data-series': label }, [
        element('span', { 'aria-hidden': 'true', text: '—' }),
        element('span', { className: 'visually-hidden', text: 'no result' }),
      ]);
    }
    return element('td', { 'data-series': label, className: point.alert ? 'alerted' : '' }, [
      element('span', { className: 'value', text: point.valueText }),
      point.rangeText ? element('span', { className: 'range', text: ' ' + point.rangeText }) : null,
      point.alert ? element('span', { className: 'flag flag-alert', text: '▲ ' + formatAlert(point.alert) }) : null,
    ]);
  }

  function rowFor(spec, index) {
    const commit = spec.commits[index];
    const header = element('th', { scope: 'row' }, [
      element('a', { href: commit.url, className: 'commit-link', text: commit.shortId }),
      ' ',
      element('span', { className: 'commit-message', title: commit.message, text: commit.firstLine }),
      commit.isBaselineBump ? element('span', { className: 'flag flag-bump', text: 'baseline bump' }) : null,
    ]);
    return element('tr', { 'data-commit': commit.id, className: commit.isBaselineBump ? 'bump-row' : '' }, [
      header,
      element('td', { className: 'date', text: commit.dateText }),
      ...spec.series.map((s) => cellFor(s.points[index], s.label)),
    ]);
  }

  // Rows newest first, from commit index `from` down to `to` (inclusive).
  function rowsBetween(spec, from, to) {
    const rows = [];
    for (let index = from; index >= to; index--) {
      rows.push(rowFor(spec, index));
    }
    return rows;
  }

  function buildTable(spec) {
    const headRow = element('tr', {}, [
      element('th', { scope: 'col', text: 'Commit' }),
      element('th', { scope: 'col', text: 'Date' }),
      ...spec.series.map((s, index) =>
        element('th', { scope: 'col' }, [swatch(s.colorIndex ?? index), s.label]),
      ),
    ]);
    const newest = spec.commits.length - 1;
    const firstShown = Math.max(0, spec.commits.length - FIRST_ROWS);
    const body = element('tbody', {}, rowsBetween(spec, newest, firstShown));
    const table = element('table', {}, [
      element('caption', { text: spec.tableCaption }),
      element('thead', {}, [headRow]),
      body,
    ]);
    const wrap = element('div', { className: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': spec.tableCaption }, [table]);
    if (firstShown === 0) {
      return wrap;
    }
    const more = element('button', {
      type: 'button',
      className: 'show-all',
      text: 'Show all ' + spec.commits.length + ' commits (' + firstShown + ' older)',
    });
    more.addEventListener('click', () => {
      body.append(...rowsBetween(spec, firstShown - 1, 0));
      more.remove();
      wrap.focus();
    });
    return element('div', { className: 'table-block' }, [wrap, more]);
  }

  trend.dataTable = { buildTable, FIRST_ROWS };
})(self);
