// Times the trend page's first view in headless Chromium, run after run: from navigation to the steps list drawn
// (the body's data-first-view, which summary-first.js sets), or, on a page older than the steps summary, to its
// first chart drawn. Prints each run's time and the median; asserts nothing (the browser test checks the order).
//
// usage: node first-view.mjs SITE_DIR DATA_JS [STEPS_JSON] [--runs N]
//   e.g. node make-test-data.mjs --out /tmp/big/data.js --steps /tmp/big/steps.json --commits 300
//        node first-view.mjs /tmp/site /tmp/big/data.js /tmp/big/steps.json --runs 7
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { startStaticServer } from './static-server.mjs';

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt < 0 ? 5 : Number(args[runsAt + 1]);
const [site, dataJs, stepsJson] = runsAt < 0 ? args : args.slice(0, runsAt);
if (!site || !dataJs || !Number.isInteger(runs) || runs < 1) {
  console.error('usage: node first-view.mjs SITE_DIR DATA_JS [STEPS_JSON] [--runs N]');
  process.exit(2);
}
const routes = { '/data.js': resolve(dataJs) };
if (stepsJson) {
  routes['/steps.json'] = resolve(stepsJson);
}
const { server, url } = await startStaticServer(site, routes);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const times = [];
try {
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    await page.goto(url);
    times.push(await page.evaluate(() => new Promise((done) => {
      const poll = () => {
        if (document.body.dataset.firstView) {
          done(Number(document.body.dataset.firstView));
        } else if (!document.getElementById('steps') && document.querySelector('figure.trend-figure[data-drawn="true"]')) {
          done(Math.round(performance.now()));
        } else {
          setTimeout(poll, 5);
        }
      };
      poll();
    })));
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}
const sorted = [...times].sort((a, b) => a - b);
console.log('first view (ms): ' + times.join(' ') + '; median ' + sorted[Math.floor(sorted.length / 2)]);
