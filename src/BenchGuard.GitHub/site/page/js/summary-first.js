// The page's entry point. It draws the steps summary (steps.json, small) first and loads the full history
// (data.js, megabytes at 300 commits) and the charting library only once that first view is on the screen; the
// charts are built then. A gh-pages from before the publish job wrote steps.json loads data.js at once, as before.
(function (root) {
  'use strict';

  const trend = root.FilePipesTrend;
  const byId = (id) => document.getElementById(id);

  function markFirstView() {
    if (!document.body.dataset.firstView) {
      document.body.dataset.firstView = String(Math.round(root.performance.now()));
    }
  }

  // Resolves when the script has run or failed to load.
  function loadScript(src) {
    return new Promise((done) => {
      const script = document.createElement('script');
      script.src = src;
      // Run in the order added, as the static tags they replace did.
      script.async = false;
      script.onload = script.onerror = done;
      document.body.append(script);
    });
  }

  // The charting library and the history: what the first view does not need. A missing data.js leaves
  // BENCHMARK_DATA undefined, and the page says so.
  function loadHistory() {
    Promise.all([loadScript('vendor/chart.umd.js'), loadScript('data.js')]).then(() => trend.page.start());
  }

  // Two frames: the first view is painted before the browser spends seconds parsing data.js.
  function afterPaint(then) {
    root.requestAnimationFrame(() => root.requestAnimationFrame(then));
  }

  async function readSummary() {
    try {
      const response = await root.fetch('steps.json', { cache: 'no-cache' });
      return response.ok ? await response.json() : null;
    } catch {
      return null;
    }
  }

  async function start() {
    const summary = await readSummary();
    let shown = false;
    if (summary !== null) {
      try {
        trend.stepsSummary = summary;
        trend.stepsList.render(summary);
        shown = true;
      } catch (error) {
        trend.stepsSummary = null;
        byId('steps').hidden = true;
        root.console.warn('steps.json was not read: ' + error.message);
      }
    }
    // Without steps, the ratio alerts are all there is: shown open, as before the summary existed.
    byId('alerts').open = !shown;
    if (shown) {
      // Marked in the frame that paints the list, then the history is asked for.
      root.requestAnimationFrame(markFirstView);
      afterPaint(loadHistory);
    } else {
      trend.page.onFirstRender = markFirstView;
      loadHistory();
    }
  }

  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', start);
  } else {
    start();
  }
})(self);
