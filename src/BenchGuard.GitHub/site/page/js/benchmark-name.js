// Splits a BenchmarkDotNet FullName into class, method and parameters, so that the page can group
// "FilePipes.Benchmarks.ReadBenchmarks.FilePipeReader(BufferSize: 4096, FileOptions: SequentialScan, File: 128MiB)"
// under ReadBenchmarks › FilePipeReader with the parameters as one series.
(function (root, factory) {
  const api = factory();
  if (typeof module === 'object' && module.exports) {
    module.exports = api;
  } else {
    (root.FilePipesTrend = root.FilePipesTrend || {}).benchmarkName = api;
  }
})(typeof self !== 'undefined' ? self : this, function () {
  'use strict';

  // A parameter starts at "Name: "; a comma not followed by one belongs to the value, as in a flags enum
  // printed as "FileOptions: SequentialScan, Asynchronous".
  const PARAMETER_START = /, (?=[A-Za-z_][A-Za-z0-9_]*: )/;

  function parseParameters(text) {
    if (text === '') {
      return [];
    }
    return text.split(PARAMETER_START).map((piece, index) => {
      const colon = piece.indexOf(': ');
      if (colon > 0 && /^[A-Za-z_][A-Za-z0-9_]*$/.test(piece.slice(0, colon))) {
        return { name: piece.slice(0, colon), value: piece.slice(colon + 2) };
      }
      // [Arguments] print their values without names.
      return { name: index === 0 ? 'Arguments' : 'Argument' + index, value: piece };
    });
  }

  function parseBenchmarkName(fullName) {
    const open = fullName.indexOf('(');
    const head = open < 0 ? fullName : fullName.slice(0, open);
    let parameterText = open < 0 ? '' : fullName.slice(open + 1);
    if (parameterText.endsWith(')')) {
      parameterText = parameterText.slice(0, -1);
    }
    const parts = head.split('.');
    const method = parts.pop() || fullName;
    const className = parts.pop() || '(no class)';
    return {
      fullName,
      namespace: parts.join('.'),
      className,
      method,
      parameterText,
      parameters: parseParameters(parameterText),
    };
  }

  return { parseBenchmarkName };
});
