// One figure: a chart with its data table underneath, both built from the same series so they cannot disagree.
(function (root) {
  'use strict';

  const trend = root.FilePipesTrend;
  const element = trend.element;
  const { styleFor } = trend.seriesStyle;
  const { formatAlert } = trend.units;


  function wrap(text, width) {
    const lines = [];
    let line = '';
    for (const word of text.split(/\s+/)) {
      if (line !== '' && (line + ' ' + word).length > width) {
        lines.push(line);
        line = word;
      } else {
        line = line === '' ? word : line + ' ' + word;
      }
    }
    if (line !== '') {
      lines.push(line);
    }
    return lines;
  }

  function buildChart(canvas, spec, openCommit) {
    const datasets = spec.series.map((s, index) => {
      const style = styleFor(s.colorIndex ?? index);
      return {
        label: s.label,
        data: s.points.map((p) => (p ? p.y : null)),
        filepipesPoints: s.points,
        filepipesSegments: s.segments || [],
        borderColor: style.color,
        backgroundColor: style.color,
        borderDash: style.dash,
        borderWidth: 2,
        pointStyle: style.pointStyle,
        pointRadius: s.points.map((p) => (p && p.alert ? 6 : 3.5)),
        pointHoverRadius: 7,
        spanGaps: false,
        tension: 0,
      };
    });
    const commits = spec.commits;
    const pointOf = (item) => item.dataset.filepipesPoints[item.dataIndex];
    return new root.Chart(canvas, {
      type: 'line',
      data: { labels: commits.map((c) => c.shortId), datasets },
      plugins: [root.FilePipesTrend.markersPlugin],
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        interaction: { mode: 'nearest', intersect: false, axis: 'xy' },
        onClick(_event, elements) {
          if (elements.length > 0) {
            openCommit(commits[elements[0].index]);
          }
        },
        onHover(event, elements) {
          event.native.target.style.cursor = elements.length > 0 ? 'pointer' : 'default';
        },
        scales: {
          x: {
            title: { display: true, text: 'Commit and date (oldest → newest)' },
            ticks: {
              autoSkip: true,
              maxRotation: 0,
              font: { family: 'ui-monospace, monospace' },
              // The commit, and under it the day it was measured (a category tick's value is its label's index).
              callback: (value) => [commits[value].shortId, commits[value].dateText.slice(0, 10)],
            },
            grid: { display: false },
          },
          y: {
            type: spec.logScale ? 'logarithmic' : 'linear',
            title: { display: true, text: spec.yTitle },
            ticks: { callback: (value) => spec.formatTick(Number(value)), maxTicksLimit: 7 },
          },
        },
        plugins: {
          // One series is named by the card's heading already.
          legend: {
            display: spec.series.length > 1,
            position: 'bottom',
            labels: { usePointStyle: true, boxHeight: 8, padding: 14 },
          },
          tooltip: {
            callbacks: {
              title: (items) => {
                const commit = commits[items[0].dataIndex];
                return commit.shortId + ' · ' + commit.dateText;
              },
              label: (item) => {
                const point = pointOf(item);
                return item.dataset.label + ': ' + point.valueText + (point.rangeText ? ' ' + point.rangeText : '');
              },
              afterLabel: (item) => {
                const point = pointOf(item);
                const lines = [];
                if (point.alert) {
                  lines.push('▲ ' + formatAlert(point.alert) + ' (' + point.alert.previousText + ')');
                }
                if (point.extra) {
                  lines.push(...String(point.extra).split('\n'));
                }
                return lines;
              },
              footer: (items) => {
                const commit = commits[items[0].dataIndex];
                const lines = wrap(commit.firstLine, 60);
                if (commit.isBaselineBump) {
                  lines.push('Baseline bump');
                }
                lines.push('Click to open the commit');
                return lines;
              },
            },
          },
          filepipesMarkers: {
            bumpIndices: commits.flatMap((c, index) => (c.isBaselineBump ? [index] : [])),
            referenceValue: spec.referenceValue,
          },
        },
      },
    });
  }

  // spec: { heading, commits, series: [{ label, points: [{ y, valueText, rangeText, extra, alert } | null] }],
  //         yTitle, formatTick, logScale, referenceValue, chartLabel, tableCaption }
  function renderFigure(spec, openCommit) {
    const canvas = element('canvas', { role: 'img', 'aria-label': spec.chartLabel });
    const box = element('div', { className: 'chart-box' }, [canvas]);
    // The legend takes a line per series when charts sit side by side; the plot keeps its height anyway.
    box.style.height = Math.min(300 + 22 * Math.max(0, spec.series.length - 1), 520) + 'px';
    const figure = element('figure', { className: 'trend-figure', 'data-os': spec.os }, [
      element('figcaption', { className: 'figure-heading', text: spec.heading }),
      box,
      spec.logScale && spec.series.some((s) => s.points.some((p) => p && p.y <= 0))
        ? element('p', { className: 'note', text: 'Zero values have no place on a logarithmic axis: the table shows them.' })
        : null,
      trend.dataTable.buildTable(spec),
    ]);
    // Chart.js measures its parent, so the chart is made once the caller has put the figure in the page.
    return { figure, draw: () => buildChart(canvas, spec, openCommit) };
  }

  function renderMissingFigure(heading, os, text) {
    return {
      figure: element('figure', { className: 'trend-figure empty', 'data-os': os }, [
        element('figcaption', { className: 'figure-heading', text: heading }),
        element('p', { className: 'no-data', text }),
      ]),
      draw: () => null,
    };
  }

  trend.trendChart = { renderFigure, renderMissingFigure };
})(self);
