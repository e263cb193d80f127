// Human-readable values for the units that export-trend writes: "ns" for time, "B" for bytes, and counts ("calls",
// "instructions") in thousands, millions and billions.
(function (root, factory) {
  const api = factory();
  if (typeof module === 'object' && module.exports) {
    module.exports = api;
  } else {
    (root.FilePipesTrend = root.FilePipesTrend || {}).units = api;
  }
})(typeof self !== 'undefined' ? self : this, function () {
  'use strict';

  const TIME_STEPS = [
    { factor: 1e9, suffix: 's' },
    { factor: 1e6, suffix: 'ms' },
    { factor: 1e3, suffix: 'µs' },
    { factor: 1, suffix: 'ns' },
  ];
  const BYTE_STEPS = [
    { factor: 1024 ** 3, suffix: 'GiB' },
    { factor: 1024 ** 2, suffix: 'MiB' },
    { factor: 1024, suffix: 'KiB' },
    { factor: 1, suffix: 'B' },
  ];

  // Three significant digits without exponent notation: enough to see a 1% change, few enough to read.
  function significant(value) {
    if (value === 0) {
      return '0';
    }
    const rounded = Number(value.toPrecision(3));
    return Math.abs(rounded) >= 1000 ? Math.round(rounded).toString() : rounded.toString();
  }

  const COUNT_UNITS = new Set(['calls', 'instructions']);

  function countSteps(unit) {
    return [
      { factor: 1e9, suffix: 'G ' + unit },
      { factor: 1e6, suffix: 'M ' + unit },
      { factor: 1e3, suffix: 'k ' + unit },
      { factor: 1, suffix: unit },
    ];
  }

  function stepsFor(unit) {
    if (unit === 'ns') {
      return TIME_STEPS;
    }
    if (unit === 'B') {
      return BYTE_STEPS;
    }
    return COUNT_UNITS.has(unit) ? countSteps(unit) : null;
  }

  function formatValue(value, unit) {
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      return '—';
    }
    const steps = stepsFor(unit);
    if (steps === null) {
      return significant(value) + (unit ? ' ' + unit : '');
    }
    const step = steps.find((s) => Math.abs(value) >= s.factor) || steps[steps.length - 1];
    return significant(value / step.factor) + ' ' + step.suffix;
  }

  // The range is free text ("± 12.3" in the bench's unit); humanize the number when there is exactly one.
  function formatRange(range, unit) {
    if (typeof range !== 'string' || range.trim() === '') {
      return '';
    }
    const numbers = range.match(/[0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?/g);
    if (numbers === null || numbers.length !== 1 || !/^\s*(±|\+\/-)\s*[0-9.eE+-]+\s*$/.test(range)) {
      return range.trim();
    }
    return '± ' + formatValue(Number(numbers[0]), unit);
  }

  function formatRatio(ratio) {
    if (typeof ratio !== 'number' || !Number.isFinite(ratio)) {
      return '—';
    }
    return ratio.toFixed(2) + '×';
  }

  // An alert as the table and the tooltip state it; the ratio is the action's (current / previous).
  function formatAlert(alert) {
    return 'alert: ×' + alert.ratio.toFixed(2) + ' vs previous';
  }

  return { formatValue, formatRange, formatRatio, formatAlert };
});
