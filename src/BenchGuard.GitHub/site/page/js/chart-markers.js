// A Chart.js plugin that draws what a plain line chart cannot say: rings around alerted points, dashed
// vertical lines at baseline-bump commits, the 1.0 line of a ratio chart, and the steps in a series (the median
// of each segment between its change points, from steps.json). Rings and dashes are shapes, so they read without
// colour.
(function (root) {
  'use strict';

  const INK = '#1b1b1b';

  function drawReferenceLine(chart, value) {
    const { ctx, chartArea, scales } = chart;
    const y = scales.y.getPixelForValue(value);
    if (!(y >= chartArea.top && y <= chartArea.bottom)) {
      return;
    }
    ctx.strokeStyle = '#6b6b6b';
    ctx.lineWidth = 1.5;
    ctx.setLineDash([6, 4]);
    ctx.beginPath();
    ctx.moveTo(chartArea.left, y);
    ctx.lineTo(chartArea.right, y);
    ctx.stroke();
  }

  function drawBaselineBumps(chart, indices) {
    const { ctx, chartArea, scales } = chart;
    ctx.font = '11px system-ui, sans-serif';
    ctx.fillStyle = INK;
    ctx.textBaseline = 'top';
    for (const index of indices) {
      const x = scales.x.getPixelForValue(index);
      ctx.strokeStyle = INK;
      ctx.lineWidth = 1;
      ctx.setLineDash([2, 3]);
      ctx.beginPath();
      ctx.moveTo(x, chartArea.top);
      ctx.lineTo(x, chartArea.bottom);
      ctx.stroke();
      ctx.setLineDash([]);
      const label = 'baseline bump';
      const width = ctx.measureText(label).width;
      const left = x + 4 + width > chartArea.right ? x - 4 - width : x + 4;
      ctx.fillText(label, left, chartArea.top + 2);
    }
  }

  function drawAlertRings(chart) {
    const { ctx } = chart;
    ctx.setLineDash([]);
    chart.data.datasets.forEach((dataset, datasetIndex) => {
      if (!chart.isDatasetVisible(datasetIndex)) {
        return;
      }
      const elements = chart.getDatasetMeta(datasetIndex).data;
      (dataset.filepipesPoints || []).forEach((point, index) => {
        const element = elements[index];
        if (!point || !point.alert || !element || element.skip) {
          return;
        }
        ctx.lineWidth = 2.5;
        ctx.strokeStyle = '#ffffff';
        ctx.beginPath();
        ctx.arc(element.x, element.y, 11, 0, 2 * Math.PI);
        ctx.stroke();
        ctx.lineWidth = 2;
        ctx.strokeStyle = INK;
        ctx.beginPath();
        ctx.arc(element.x, element.y, 10, 0, 2 * Math.PI);
        ctx.stroke();
      });
    });
  }

  // Each segment's median as a thick translucent bar in the series' colour, joined at the step by a vertical.
  function drawStepSegments(chart) {
    const { ctx, scales } = chart;
    chart.data.datasets.forEach((dataset, datasetIndex) => {
      const segments = dataset.filepipesSegments || [];
      if (segments.length === 0 || !chart.isDatasetVisible(datasetIndex)) {
        return;
      }
      ctx.strokeStyle = dataset.borderColor;
      ctx.globalAlpha = 0.45;
      ctx.lineWidth = 5;
      ctx.setLineDash([]);
      ctx.beginPath();
      segments.forEach((segment, i) => {
        const y = scales.y.getPixelForValue(segment.median);
        const left = scales.x.getPixelForValue(segment.from);
        const right = scales.x.getPixelForValue(segment.to);
        if (i === 0) {
          ctx.moveTo(left, y);
        } else {
          ctx.lineTo(left, y);
        }
        ctx.lineTo(right, y);
      });
      ctx.stroke();
      ctx.globalAlpha = 1;
    });
  }

  const markersPlugin = {
    id: 'filepipesMarkers',
    afterDatasetsDraw(chart, _args, options) {
      const { ctx } = chart;
      ctx.save();
      if (typeof options.referenceValue === 'number') {
        drawReferenceLine(chart, options.referenceValue);
      }
      drawStepSegments(chart);
      drawBaselineBumps(chart, options.bumpIndices || []);
      drawAlertRings(chart);
      ctx.restore();
    },
  };

  (root.FilePipesTrend = root.FilePipesTrend || {}).markersPlugin = markersPlugin;
})(self);
