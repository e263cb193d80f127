// The trend page in a real headless Chromium: the assembled site and a generated data.js served from
// 127.0.0.1, every other request blocked, then each control driven the way a reader would drive it.
//
// Environment: SITE_DIR (an assembled site; built into a temp folder when unset), SITE_SCREENSHOTS (where the
// screenshots go; default <repo>/artifacts/site-test), CHROMIUM (default /usr/bin/chromium).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startStaticServer } from './static-server.mjs';
import {
  BUMP_COMMIT_INDEX, INJECTED_ALERTS, PLANTED_STEPS, READ_METHODS, commitOf, dataJsText, makeLargeStepsSummary, makeLargeTrendData,
  makeStepsSummary, makeTrendData, readName,
} from './make-test-data.mjs';

const require = createRequire(import.meta.url);
const { formatValue } = require('../page/js/units.js');

const here = dirname(fileURLToPath(import.meta.url));
const siteSource = resolve(here, '..');
const repoRoot = resolve(here, '..', '..', '..', '..');
const screenshots = process.env.SITE_SCREENSHOTS || join(repoRoot, 'artifacts', 'site-test');
const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-quic',
];

const data = makeTrendData();
const work = mkdtempSync(join(tmpdir(), 'filepipes-site-test-'));
const servers = [];
let context;
let page;
let siteUrl;
const consoleErrors = [];
const failedRequests = [];
const blockedRequests = [];

// The policy this test's data is planted for (make-test-data.mjs); a later --alert-threshold overrides it.
const POLICY = ['--alert-threshold', '130%', '--allocation-tolerance-bytes', '512'];

function buildSite(out, ...args) {
  execFileSync('bash', [join(siteSource, 'build-site.sh'), '--out', out, ...POLICY, ...args], { stdio: ['ignore', 'ignore', 'inherit'] });
  return out;
}

function rawValue(suite, commitIndex, name) {
  return data.entries[suite][commitIndex].benches.find((b) => b.name === name).value;
}

async function serve(siteDir, routes) {
  const started = await startStaticServer(siteDir, routes);
  servers.push(started.server);
  return started.url;
}

async function renderCount() {
  return page.evaluate(() => Number(document.body.dataset.rendered || 0));
}

// The page draws a chart when its figure nears the screen; scroll every figure into view and wait for its
// chart, so that assertions see every chart (and so that lazy drawing is exercised for each one).
async function drawAll() {
  await page.evaluate(async () => {
    const frame = () => new Promise((done) => requestAnimationFrame(() => done()));
    for (const figure of document.querySelectorAll('figure.trend-figure:not(.empty)')) {
      figure.scrollIntoView();
      const started = performance.now();
      while (figure.dataset.drawn !== 'true') {
        if (performance.now() - started > 10_000) {
          throw new Error('a chart was never drawn: ' + figure.querySelector('canvas').getAttribute('aria-label'));
        }
        await frame();
      }
    }
    window.scrollTo(0, 0);
  });
}

// Runs an action that changes a control and waits until the page has drawn again.
async function andRedraw(action) {
  const before = await renderCount();
  await action();
  await page.waitForFunction((n) => Number(document.body.dataset.rendered || 0) > n, before, { timeout: 10_000 });
  await drawAll();
}

async function open(hash, base = siteUrl) {
  // Through about:blank, so that a change of fragment alone is a fresh load too.
  await page.goto('about:blank');
  await page.goto(base + (hash || ''));
  await page.waitForFunction(() => Number(document.body.dataset.rendered || 0) > 0, null, { timeout: 15_000 });
  await drawAll();
}

function figures() {
  return page.evaluate(() =>
    [...document.querySelectorAll('figure.trend-figure')].map((f) => ({
      os: f.dataset.os,
      heading: f.querySelector('figcaption').textContent,
      caption: f.querySelector('caption') ? f.querySelector('caption').textContent : '',
      card: f.closest('article').querySelector('h3').textContent,
      klass: f.closest('section').querySelector('h2').textContent,
    })),
  );
}

// The text of one table cell: the table whose caption starts with `caption`, the row of `commitId`, the
// column headed `series`.
function cell(caption, commitId, series) {
  return page.evaluate(([caption, commitId, series]) => {
    const table = [...document.querySelectorAll('table')].find((t) => t.caption.textContent.startsWith(caption));
    if (!table) {
      return null;
    }
    const column = [...table.tHead.rows[0].cells].findIndex((th) => th.textContent.trim() === series);
    const row = table.querySelector('tr[data-commit="' + commitId + '"]');
    return row && column >= 0 ? row.cells[column].textContent : null;
  }, [caption, commitId, series]);
}

before(async () => {
  const siteDir = process.env.SITE_DIR ? resolve(process.env.SITE_DIR) : buildSite(join(work, 'site'));
  const dataFile = join(work, 'data.js');
  writeFileSync(dataFile, dataJsText(data));
  const stepsFile = join(work, 'steps.json');
  writeFileSync(stepsFile, JSON.stringify(makeStepsSummary(data)));
  siteUrl = await serve(siteDir, { '/data.js': dataFile, '/steps.json': stepsFile });
  mkdirSync(screenshots, { recursive: true });
  context = await chromium.launchPersistentContext(mkdtempSync(join(work, 'profile-')), {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1400, height: 1000 },
  });
  // The network is "off": anything not served by our own 127.0.0.1 servers is refused and remembered.
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.protocol === 'http:' && url.hostname === '127.0.0.1') {
      return route.continue();
    }
    blockedRequests.push(url.href);
    return route.abort();
  });
  page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') {
      consoleErrors.push(message.text());
    }
  });
  page.on('pageerror', (error) => consoleErrors.push('uncaught: ' + error.message));
  page.on('response', (response) => {
    if (response.status() >= 400) {
      failedRequests.push(response.status() + ' ' + response.url());
    }
  });
  page.on('requestfailed', (request) => failedRequests.push('failed ' + request.url()));
  await open('');
});

after(async () => {
  if (context) {
    await context.close();
  }
  for (const server of servers) {
    server.close();
  }
  rmSync(work, { recursive: true, force: true });
});

test('charts are drawn as they near the screen, and every one is drawn: a non-blank canvas with data', async () => {
  await page.goto('about:blank');
  await page.goto(siteUrl);
  await page.waitForFunction(() => Number(document.body.dataset.rendered || 0) > 0);
  // The charts near the screen are drawn by an IntersectionObserver, whose callback comes after the frame that
  // placed them: two frames later it has run.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const early = await page.evaluate(() => [...document.querySelectorAll('figure.trend-figure')].map((f) => f.dataset.drawn === 'true'));
  assert.ok(early.includes(true) && early.includes(false), 'expected the first charts drawn and the last ones not yet: ' + early.join(' '));
  await drawAll();
  const drawn = await page.evaluate(() =>
    [...document.querySelectorAll('canvas')].map((canvas) => {
      const chart = Chart.getChart(canvas);
      const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      let inked = 0;
      for (let i = 3; i < pixels.length; i += 4) {
        inked += pixels[i] > 0 ? 1 : 0;
      }
      return {
        hasChart: chart !== undefined,
        points: chart ? chart.data.datasets.reduce((n, d) => n + d.data.filter((v) => v !== null).length, 0) : 0,
        inked,
      };
    }),
  );
  assert.ok(drawn.length > 0, 'no canvas on the page');
  for (const canvas of drawn) {
    assert.ok(canvas.hasChart, 'a canvas without a chart');
    assert.ok(canvas.points > 0, 'a chart without points');
    assert.ok(canvas.inked > 2000, 'a canvas that is (nearly) blank: ' + canvas.inked + ' inked pixels');
  }
  const cards = await figures();
  const read = cards.filter((f) => f.klass === 'ReadBenchmarks').map((f) => f.card.split('File:')[0].trim());
  assert.deepEqual(read, Object.keys(READ_METHODS));
  assert.deepEqual(cards.filter((f) => f.klass === 'LineSearchBenchmarks').map((f) => f.card), ['All methods']);
  assert.deepEqual(
    cards.filter((f) => f.klass === 'WriteBenchmarks').map((f) => f.card),
    ['FileStreamWrite', 'FilePipeWriter'],
  );
  assert.equal(drawn.length, cards.length);
  assert.match(await page.textContent('#status'), new RegExp('Showing ' + cards.length + ' charts'));
});

test('the OS control switches the charts and tables to that OS, or shows both side by side', async () => {
  const name = readName('FileStreamSync', 4096, 'SequentialScan');
  const last = data.entries['FilePipes time (ubuntu-latest)'].length - 1;
  const caption = 'ReadBenchmarks.FileStreamSync (File: 128MiB) on ';
  const series = 'BufferSize: 4096, FileOptions: SequentialScan';
  const commit = commitOf(last).id;
  assert.ok((await figures()).every((f) => f.os === 'ubuntu-latest'));
  const ubuntuText = formatValue(rawValue('FilePipes time (ubuntu-latest)', last, name), 'ns');
  const windowsText = formatValue(rawValue('FilePipes time (windows-latest)', last, name), 'ns');
  assert.notEqual(ubuntuText, windowsText);
  assert.match(await cell(caption + 'ubuntu-latest', commit, series), new RegExp('^' + ubuntuText));

  await andRedraw(() => page.click('label[for="os-windows-latest"]'));
  const windows = await figures();
  assert.ok(windows.length > 0 && windows.every((f) => f.os === 'windows-latest' && f.heading.startsWith('windows-latest')));
  assert.match(await cell(caption + 'windows-latest', commit, series), new RegExp('^' + windowsText));
  assert.equal(await cell(caption + 'ubuntu-latest', commit, series), null);
  // NerdbankStreams ran only on ubuntu-latest in the generated history.
  assert.ok(!windows.some((f) => f.card.startsWith('NerdbankStreams')));
  assert.match(page.url(), /os=windows-latest/);

  await andRedraw(() => page.click('label[for="os-both"]'));
  const both = await figures();
  const perCard = new Map();
  for (const f of both) {
    perCard.set(f.klass + f.card, [...(perCard.get(f.klass + f.card) || []), f.os]);
  }
  for (const [card, oses] of perCard) {
    assert.deepEqual(oses, ['ubuntu-latest', 'windows-latest'], card);
  }
  await andRedraw(() => page.click('label[for="os-ubuntu-latest"]'));
});

test('the metric control switches between time and allocated bytes', async () => {
  const name = readName('FileStreamSync', 4096, 'SequentialScan');
  const caption = 'ReadBenchmarks.FileStreamSync (File: 128MiB) on ubuntu-latest';
  const series = 'BufferSize: 4096, FileOptions: SequentialScan';
  await andRedraw(() => page.click('label[for="metric-allocated"]'));
  const shown = await figures();
  assert.ok(shown.every((f) => f.heading === 'ubuntu-latest · allocated'));
  const bytes = formatValue(rawValue('FilePipes allocated (ubuntu-latest)', 0, name), 'B');
  assert.match(bytes, /KiB$/);
  assert.match(await cell(caption, commitOf(0).id, series), new RegExp('^' + bytes));
  const axis = await page.evaluate(() => Chart.getChart(document.querySelector('canvas')).options.scales.y.title.text);
  assert.equal(axis, 'Allocated per operation');
  // Zero-byte series (RandomAccessSync) on a log axis must not break the page (checked by the console test).
  await andRedraw(() => page.click('label[for="log-scale"]'));
  const scales = await page.evaluate(() => Object.values(Chart.instances).map((c) => c.options.scales.y.type));
  assert.ok(scales.length > 0 && scales.every((t) => t === 'logarithmic'));
  await andRedraw(() => page.click('label[for="log-scale"]'));
  await andRedraw(() => page.click('label[for="metric-time"]'));
  assert.ok((await figures()).every((f) => f.heading === 'ubuntu-latest · time'));
});

test('the text filter and the parameter selectors narrow what is shown', async () => {
  await andRedraw(() => page.fill('#filter', 'LineSearch'));
  assert.deepEqual([...new Set((await figures()).map((f) => f.klass))], ['LineSearchBenchmarks']);
  await andRedraw(() => page.fill('#filter', 'readbenchmarks filepipereader'));
  assert.deepEqual((await figures()).map((f) => f.card), ['FilePipeReaderFile: 128MiB']);
  await andRedraw(() => page.fill('#filter', 'no-such-benchmark'));
  assert.equal(await page.locator('canvas').count(), 0);
  assert.match(await page.textContent('#charts'), /No benchmark matches “no-such-benchmark”/);
  await andRedraw(() => page.fill('#filter', ''));

  const seriesBefore = await page.evaluate(() => Chart.getChart(document.querySelector('#bench-ReadBenchmarks-FileStreamSync ~ * canvas')).data.datasets.map((d) => d.label));
  assert.equal(seriesBefore.length, 4);
  await andRedraw(() => page.selectOption('#param-BufferSize', '65536'));
  const labels = await page.evaluate(() =>
    Chart.instances ? Object.values(Chart.instances).flatMap((c) => c.data.datasets.map((d) => d.label)) : [],
  );
  assert.ok(labels.length > 0);
  assert.ok(labels.every((l) => !l.includes('4096')), 'a 4096 series survived the BufferSize selector');
  const seriesAfter = await page.evaluate(() => Chart.getChart(document.querySelector('#bench-ReadBenchmarks-FileStreamSync ~ * canvas')).data.datasets.map((d) => d.label));
  assert.deepEqual(seriesAfter, ['FileOptions: SequentialScan', 'FileOptions: SequentialScan, Asynchronous']);
  assert.match(page.url(), /p\.BufferSize=65536/);
  await andRedraw(() => page.selectOption('#param-BufferSize', ''));
});

test('each point links to its commit: the table links, and a click on a chart point opens it', async () => {
  const links = await page.evaluate(() =>
    [...document.querySelectorAll('tr[data-commit]')].map((row) => [row.dataset.commit, row.querySelector('a.commit-link').href]),
  );
  assert.ok(links.length > 0);
  const urlOf = new Map(data.entries['FilePipes time (ubuntu-latest)'].map((e) => [e.commit.id, e.commit.url]));
  for (const [id, href] of links) {
    assert.equal(href, urlOf.get(id));
  }

  await page.evaluate(() => {
    window.openedUrls = [];
    window.open = (url) => {
      window.openedUrls.push(url);
      return null;
    };
  });
  const canvas = page.locator('#bench-ReadBenchmarks-FilePipeReader ~ * canvas');
  await canvas.scrollIntoViewIfNeeded();
  const target = 6;
  const point = await canvas.evaluate((c, index) => {
    const element = Chart.getChart(c).getDatasetMeta(0).data[index];
    return { x: element.x, y: element.y };
  }, target);
  const box = await canvas.boundingBox();
  // Chart.js handles pointer events on the next animation frame, so wait for it rather than race it.
  await page.mouse.move(box.x + point.x, box.y + point.y);
  await canvas.evaluate((c, index) => new Promise((done, fail) => {
    const started = Date.now();
    const poll = () => {
      const active = Chart.getChart(c).tooltip.getActiveElements();
      if (active.length > 0 && active[0].index === index) {
        done();
      } else if (Date.now() - started > 5000) {
        fail(new Error('no tooltip for point ' + index));
      } else {
        requestAnimationFrame(poll);
      }
    };
    poll();
  }), target);
  const tooltip = await canvas.evaluate((c) => {
    const t = Chart.getChart(c).tooltip;
    return { title: t.title, body: t.body.flatMap((b) => [...b.lines, ...b.after]), footer: t.footer };
  });
  assert.equal(tooltip.title[0].split(' · ')[0], commitOf(target).id.slice(0, 7));
  assert.ok(tooltip.footer.join(' ').includes(commitOf(target).message.split('\n')[0].slice(0, 20)));
  assert.ok(tooltip.body.some((line) => /ms ± [0-9.]+ µs$/.test(line)), 'tooltip lacks value ± range: ' + tooltip.body);
  await page.mouse.click(box.x + point.x, box.y + point.y);
  await page.waitForFunction(() => window.openedUrls.length > 0, null, { timeout: 5000 }).catch(() => {});
  assert.deepEqual(await page.evaluate(() => window.openedUrls), [commitOf(target).url]);
});

test('the injected alerts are marked in the table, the chart and the alert list, at the given threshold', async () => {
  for (const injected of INJECTED_ALERTS) {
    const [, metric, os] = /^FilePipes (\w+) \((.+)\)$/.exec(injected.suite);
    await open('#os=' + os + '&metric=' + metric + '&view=values');
    const expected = rawValue(injected.suite, injected.commitIndex, injected.bench) /
      rawValue(injected.suite, injected.commitIndex - 1, injected.bench);
    const marked = await page.evaluate(() =>
      [...document.querySelectorAll('td.alerted')].map((td) => ({
        commit: td.closest('tr').dataset.commit,
        caption: td.closest('table').caption.textContent,
        text: td.textContent,
      })),
    );
    assert.equal(marked.length, 1, JSON.stringify(marked));
    assert.equal(marked[0].commit, commitOf(injected.commitIndex).id);
    const method = injected.bench.split('.').pop().split('(')[0];
    assert.ok(marked[0].caption.startsWith('ReadBenchmarks.' + method + ' '), marked[0].caption);
    assert.ok(marked[0].text.includes('alert: ×' + expected.toFixed(2)), marked[0].text);
    const listed = await page.evaluate(() =>
      [...document.querySelectorAll('#alert-list li')].map((li) => [li.dataset.commit, li.dataset.bench]),
    );
    assert.deepEqual(listed, [[commitOf(injected.commitIndex).id, injected.bench]]);
    const ringed = await page.evaluate(() =>
      Object.values(Chart.instances).flatMap((chart) =>
        chart.data.datasets.flatMap((d) =>
          d.filepipesPoints.flatMap((p, index) => (p && p.alert ? [chart.data.labels[index] + ' ' + d.label] : [])),
        ),
      ),
    );
    assert.equal(ringed.length, 1);
    assert.ok(ringed[0].startsWith(commitOf(injected.commitIndex).id.slice(0, 7)));
  }

  // The threshold comes from config.js: at 160% the ×1.5 time jump is no alert, the ×2 allocation jump is.
  const strict = buildSite(join(work, 'site-160'), '--alert-threshold', '160%');
  const strictUrl = await serve(strict, { '/data.js': join(work, 'data.js'), '/steps.json': join(work, 'steps.json') });
  const checkAt = async (hash) => {
    await open(hash, strictUrl);
    return page.locator('td.alerted').count();
  };
  assert.equal(await checkAt('#os=ubuntu-latest&metric=time'), 0);
  assert.equal(await checkAt('#os=windows-latest&metric=allocated'), 1);
  assert.match(await page.textContent('#alert-summary'), /160%/);
  await open('');
});

test('baseline-bump commits are marked in every table and chart', async () => {
  const bump = commitOf(BUMP_COMMIT_INDEX).id;
  const marks = await page.evaluate(() => ({
    tables: document.querySelectorAll('table').length,
    bumpRows: [...document.querySelectorAll('tr.bump-row')].map((r) => r.dataset.commit),
    flags: [...document.querySelectorAll('tr.bump-row .flag-bump')].length,
    chartBumps: Object.values(Chart.instances).map((c) => c.options.plugins.filepipesMarkers.bumpIndices),
  }));
  assert.ok(marks.tables > 0);
  assert.deepEqual(marks.bumpRows, new Array(marks.tables).fill(bump));
  assert.equal(marks.flags, marks.tables);
  for (const indices of marks.chartBumps) {
    assert.deepEqual(indices, [BUMP_COMMIT_INDEX]);
  }
});

test('the ratio view divides each reader by FileStreamSync at the same commit and parameters', async () => {
  await andRedraw(() => page.click('label[for="view-ratio"]'));
  const shown = await figures();
  assert.deepEqual([...new Set(shown.map((f) => f.klass))], ['ReadBenchmarks ÷ FileStreamSync (same parameters, same commit; below 1× is faster)']);
  assert.equal(shown.length, 4, 'one chart per parameter set');
  const parameters = 'BufferSize: 65536, FileOptions: SequentialScan, File: 128MiB';
  const commitIndex = 3;
  const suite = 'FilePipes time (ubuntu-latest)';
  const expected = rawValue(suite, commitIndex, readName('FilePipeReader', 65536, 'SequentialScan')) /
    rawValue(suite, commitIndex, readName('FileStreamSync', 65536, 'SequentialScan'));
  const text = await cell('ReadBenchmarks (' + parameters + ') on ubuntu-latest', commitOf(commitIndex).id, 'FilePipeReader');
  assert.equal(text, expected.toFixed(2) + '×');
  const headers = await page.evaluate(() => [...document.querySelector('table').tHead.rows[0].cells].map((c) => c.textContent));
  assert.ok(!headers.includes('FileStreamSync'));
  assert.match(await page.textContent('#charts'), /No baseline method, so shown only in the Values view: LineSearchBenchmarks, WriteBenchmarks/);
  const reference = await page.evaluate(() => Chart.getChart(document.querySelector('canvas')).options.plugins.filepipesMarkers.referenceValue);
  assert.equal(reference, 1);
  await andRedraw(() => page.click('label[for="view-values"]'));
});

test('the controls work from the keyboard alone', async () => {
  await open('');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.className), 'skip-link');
  // Then the header's repository link, the steps' commit and chart links, then the first control group.
  for (let i = 0; i < 3 + 2 * PLANTED_STEPS.length && (await page.evaluate(() => document.activeElement.name)) !== 'os'; i++) {
    await page.keyboard.press('Tab');
  }
  assert.equal(await page.evaluate(() => document.activeElement.id), 'os-ubuntu-latest');
  await andRedraw(() => page.keyboard.press('ArrowRight'));
  assert.ok((await figures()).every((f) => f.os === 'windows-latest'));
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'metric-time');
  await andRedraw(() => page.keyboard.press('ArrowRight'));
  assert.ok((await figures()).every((f) => f.heading === 'windows-latest · allocated'));
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'view-values');
  await andRedraw(() => page.keyboard.press('ArrowRight'));
  assert.match(await page.textContent('#charts'), /÷ FileStreamSync/);
  await andRedraw(() => page.keyboard.press('ArrowLeft'));
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'filter');
  await page.keyboard.type('WriteBenchmarks');
  await page.waitForFunction(() => location.hash.includes('q=WriteBenchmarks'));
  await drawAll();
  assert.deepEqual([...new Set((await figures()).map((f) => f.klass))], ['WriteBenchmarks']);
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'param-BufferSize');
  // Past the controls, the tables' commit links are reachable and focus is visible on them.
  for (let i = 0; i < 40 && !(await page.evaluate(() => document.activeElement.matches('a.commit-link'))); i++) {
    await page.keyboard.press('Tab');
  }
  assert.ok(await page.evaluate(() => document.activeElement.matches('a.commit-link')), 'no commit link reached by Tab');
  assert.notEqual(await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle), 'none');
  await open('');
});

test('a long history shows the newest rows first and the rest on request, from the keyboard', async () => {
  const long = makeTrendData();
  const rounds = 5;
  for (const [suite, entries] of Object.entries(long.entries)) {
    long.entries[suite] = Array.from({ length: rounds }, (_, round) =>
      entries.map((entry) => {
        const id = createHash('sha1').update(round + entry.commit.id).digest('hex');
        return { ...entry, commit: { ...entry.commit, id, url: entry.commit.url.replace(entry.commit.id, id) } };
      }),
    ).flat();
  }
  const longFile = join(work, 'long-data.js');
  writeFileSync(longFile, dataJsText(long));
  const longUrl = await serve(buildSite(join(work, 'site-long')), { '/data.js': longFile, '/steps.json': join(work, 'steps.json') });
  await open('#q=ReadBenchmarks.FileStreamSync', longUrl);
  const total = long.entries['FilePipes time (ubuntu-latest)'].length;
  const FIRST_ROWS = await page.evaluate(() => FilePipesTrend.dataTable.FIRST_ROWS);
  assert.ok(FIRST_ROWS < total);
  const rows = () => page.locator('figure.trend-figure tbody tr').count();
  assert.equal(await rows(), FIRST_ROWS);
  const button = page.locator('button.show-all');
  assert.equal(await button.textContent(), 'Show all ' + total + ' commits (' + (total - FIRST_ROWS) + ' older)');
  await button.focus();
  await page.keyboard.press('Enter');
  assert.equal(await rows(), total);
  assert.equal(await page.locator('button.show-all').count(), 0);
  const oldest = await page.evaluate(() => [...document.querySelectorAll('figure.trend-figure tbody tr')].pop().dataset.commit);
  assert.equal(oldest, long.entries['FilePipes time (ubuntu-latest)'][0].commit.id);
  await open('');
});

test('a screenshot of the page is saved', async () => {
  await open('#os=both&metric=time&view=values&q=ReadBenchmarks.FilePipeReader');
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  // A viewport as tall as the page: Chart.js redraws on resize, which a full-page capture would catch midway.
  await page.setViewportSize({ width: 1400, height: Math.min(height, 1500) });
  await page.waitForTimeout(300);
  const file = join(screenshots, 'trend-site.png');
  await page.screenshot({ path: file });
  await open('');
  const fullHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: 1400, height: Math.min(fullHeight, 16000) });
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(screenshots, 'trend-site-full.png') });
  await page.setViewportSize({ width: 1400, height: 1000 });
  assert.ok(statSync(file).size > 20_000);
});

test('the first view lists the steps: confirmed regressions, the others, improvements apart, withdrawn marked', async () => {
  await open('');
  const groups = await page.evaluate(() =>
    [...document.querySelectorAll('#steps .step-group')].map((g) => ({
      heading: g.querySelector('h3').textContent,
      steps: [...g.querySelectorAll('li')].map((li) => ({ id: li.dataset.step, commit: li.dataset.commit, text: li.textContent })),
    })),
  );
  assert.deepEqual(groups.map((g) => g.heading), ['Confirmed regressions (1)', 'Regressions not confirmed (2)', 'Improvements (1)', 'Withdrawn (1)']);
  const idOf = (p) => p.id.padEnd(12, '0');
  const planted = Object.fromEntries(PLANTED_STEPS.map((p) => [p.id, p]));
  assert.deepEqual(groups[0].steps.map((s) => s.id), [idOf(planted.a1)]);
  // Newest first: commit 6 before commit 4.
  assert.deepEqual(groups[1].steps.map((s) => s.id), [idOf(planted.b2), idOf(planted.c3)]);
  assert.deepEqual(groups[2].steps.map((s) => s.id), [idOf(planted.d4)]);
  assert.deepEqual(groups[3].steps.map((s) => s.id), [idOf(planted.e5)]);
  const confirmed = groups[0].steps[0];
  assert.equal(confirmed.commit, commitOf(3).id);
  assert.match(confirmed.text, /^▲ ×2\.00 ReadBenchmarks\.PipeReaderCreate\(BufferSize: 65536, FileOptions: SequentialScan, File: 128MiB\) on windows-latest · allocated: /);
  // Its bisection ended on its own commit: the status names it, with a link.
  assert.match(confirmed.text, new RegExp(commitOf(3).id.slice(0, 7) + ' \\(2026-11-05\\) \\(confirmed by A/B; brought by ' + commitOf(3).id.slice(0, 7) + '\\) chart$'));
  assert.match(groups[1].steps[0].text, /×1\.50 \(1\.31–1\.72\).*\(not yet confirmed\)/);
  assert.match(groups[1].steps[1].text, /\(not confirmed by A\/B\)/);
  assert.match(groups[2].steps[0].text, /^▼ ×0\.86/);
  assert.match(groups[3].steps[0].text, /\(withdrawn 2026-11-09: the newer history no longer shows it\)/);
  const commitLink = await page.getAttribute('#steps .steps-confirmed li a', 'href');
  assert.equal(commitLink, commitOf(3).url);
  // The ratio alerts are there, on request only.
  assert.equal(await page.evaluate(() => document.getElementById('alerts').open), false);
  assert.match(await page.textContent('#steps .steps-lede'), /at least 5%, whose 99% confidence interval leaves out no change/);
});

test('a step\'s chart link opens its chart: its OS, metric and method', async () => {
  await open('');
  await andRedraw(() => page.click('#steps .steps-confirmed a.chart-link'));
  assert.match(page.url(), /os=windows-latest/);
  assert.match(page.url(), /metric=allocated/);
  const shown = await figures();
  assert.deepEqual(shown.map((f) => f.klass + ' ' + f.card.split('File:')[0].trim() + ' ' + f.os), ['ReadBenchmarks PipeReaderCreate windows-latest']);
  await open('');
});

test('a chart draws each series\' steps as the medians of its segments, and dates on its x axis', async () => {
  await open('#os=ubuntu-latest&metric=time&q=ReadBenchmarks.FilePipeReader(');
  const chart = await page.evaluate(() => {
    const c = Chart.getChart(document.querySelector('canvas'));
    return {
      segments: Object.fromEntries(c.data.datasets.map((d) => [d.label, d.filepipesSegments])),
      ticks: c.scales.x.ticks.map((t) => t.label),
    };
  });
  const improvement = PLANTED_STEPS.find((p) => p.id === 'd4');
  assert.deepEqual(chart.segments['BufferSize: 65536, FileOptions: SequentialScan'], [
    { from: 0, to: improvement.commitIndex - 1, median: improvement.before },
    { from: improvement.commitIndex, to: 7, median: improvement.after },
  ]);
  assert.deepEqual(chart.segments['BufferSize: 4096, FileOptions: SequentialScan, Asynchronous'], []);
  assert.deepEqual(chart.ticks[0], [commitOf(0).id.slice(0, 7), commitOf(0).timestamp.slice(0, 10)]);
  await open('');
});

test('at 300 commits × 60 benchmarks × 9 series kinds, the steps are drawn before data.js is even requested', async (t) => {
  const large = makeLargeTrendData({ commits: 300, benchmarks: 60 });
  const dataFile = join(work, 'large-data.js');
  writeFileSync(dataFile, dataJsText(large));
  const stepsFile = join(work, 'large-steps.json');
  writeFileSync(stepsFile, JSON.stringify(makeLargeStepsSummary(large)));
  const largeUrl = await serve(buildSite(join(work, 'site-large')), { '/data.js': dataFile, '/steps.json': stepsFile });
  const fresh = await context.newPage();
  const requested = [];
  await fresh.route('**/*.js*', async (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === '/data.js' || path === '/steps.json') {
      requested.push({ path, firstView: await fresh.evaluate(() => document.body && document.body.dataset.firstView || null) });
    }
    await route.continue();
  });
  await fresh.goto(largeUrl);
  await fresh.waitForFunction(() => Number(document.body.dataset.rendered || 0) > 0, null, { timeout: 60_000 });
  assert.deepEqual(requested.map((r) => r.path), ['/steps.json', '/data.js']);
  assert.equal(requested[0].firstView, null, 'steps.json is what the first view is drawn from');
  assert.notEqual(requested[1].firstView, null, 'data.js was requested before the first view was drawn');
  assert.equal(await fresh.locator('#steps .steps-unconfirmed li').count(), 1);
  // The figure the docs record (docs/results.md, "The trend page's first view"); a time is not asserted.
  const firstView = Number(await fresh.evaluate(() => document.body.dataset.firstView));
  t.diagnostic('first view drawn at ' + firstView + ' ms after navigation; charts built at ' +
    Math.round(await fresh.evaluate(() => performance.now())) + ' ms');
  await fresh.close();
});

test('without steps.json (an older gh-pages) the page loads data.js at once and shows the ratio alerts open', async () => {
  const older = await serve(buildSite(join(work, 'site-older')), { '/data.js': join(work, 'data.js') });
  const plain = await context.newPage();
  await plain.goto(older);
  await plain.waitForFunction(() => Number(document.body.dataset.rendered || 0) > 0, null, { timeout: 15_000 });
  assert.equal(await plain.evaluate(() => document.getElementById('steps').hidden), true);
  assert.equal(await plain.evaluate(() => document.getElementById('alerts').open), true);
  assert.ok(Number(await plain.evaluate(() => document.body.dataset.firstView)) > 0);
  assert.ok((await plain.locator('#alert-list li').count()) > 0);
  assert.ok((await plain.locator('figure.trend-figure').count()) > 0);
  await plain.close();
});

test('a steps.json of another schema is not misread: the page goes on as without one', async () => {
  const future = join(work, 'future-steps.json');
  writeFileSync(future, JSON.stringify({ ...makeStepsSummary(data), schema: 2 }));
  const url = await serve(buildSite(join(work, 'site-future')), { '/data.js': join(work, 'data.js'), '/steps.json': future });
  const other = await context.newPage();
  const warnings = [];
  other.on('console', (message) => warnings.push(message.type() + ': ' + message.text()));
  await other.goto(url);
  await other.waitForFunction(() => Number(document.body.dataset.rendered || 0) > 0, null, { timeout: 15_000 });
  assert.equal(await other.evaluate(() => document.getElementById('steps').hidden), true);
  assert.equal(await other.evaluate(() => document.getElementById('alerts').open), true);
  assert.ok(warnings.some((w) => w.startsWith('warning: steps.json was not read: not a steps summary of schema 1')), warnings.join('\n'));
  assert.ok((await other.locator('figure.trend-figure').count()) > 0);
  await other.close();
});

test('without data.js the page says so plainly', async () => {
  const emptySite = await serve(buildSite(join(work, 'site-empty')), {});
  const lonely = await context.newPage();
  await lonely.goto(emptySite);
  await lonely.waitForSelector('.problem[role="alert"]');
  assert.match(await lonely.textContent('.problem'), /No trend data yet: data.js was not found/);
  await lonely.close();
});

test('nothing but 127.0.0.1 was requested, nothing failed to load, and the console stayed free of errors', () => {
  assert.deepEqual(blockedRequests, []);
  assert.deepEqual(failedRequests, []);
  assert.deepEqual(consoleErrors, []);
});
