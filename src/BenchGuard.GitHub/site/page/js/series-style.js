// How series tell themselves apart: colour, marker shape and dash, so that none depends on colour alone.
(function (root) {
  'use strict';

  // Okabe–Ito: distinguishable with the common colour-vision deficiencies. Yellow is left out (unreadable on
  // white); a marker shape per series and dashes after the first cycle keep series apart without colour.
  const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#D55E00', '#CC79A7', '#56B4E9', '#000000'];
  const POINT_STYLES = ['circle', 'rect', 'triangle', 'rectRot', 'star', 'crossRot', 'rectRounded', 'cross'];
  const DASHES = [[], [8, 4], [2, 3]];

  function styleFor(index) {
    return {
      color: PALETTE[index % PALETTE.length],
      pointStyle: POINT_STYLES[index % POINT_STYLES.length],
      dash: DASHES[Math.floor(index / PALETTE.length) % DASHES.length],
    };
  }

  (root.FilePipesTrend = root.FilePipesTrend || {}).seriesStyle = { styleFor, PALETTE };
})(self);
