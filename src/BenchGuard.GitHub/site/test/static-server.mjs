// A minimal static file server on 127.0.0.1 (random port) for the browser test and for previewing the site.
// Routes map a URL path to a file outside the site folder, so a test can serve its own data.js without
// writing into the assembled site.
//
// usage: node static-server.mjs SITE_DIR [DATA_JS [STEPS_JSON]]   (prints the URL, serves until interrupted)
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.md': 'text/plain; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.png': 'image/png',
};

export function startStaticServer(rootDir, routes = {}) {
  const root = resolve(rootDir);
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url, 'http://127.0.0.1').pathname);
    const file = routes[path] ?? normalize(join(root, path.endsWith('/') ? path + 'index.html' : path));
    if (!(path in routes) && !(file === root || file.startsWith(root + sep))) {
      response.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
      response.end(body);
    } catch {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => done({ server, url: `http://127.0.0.1:${server.address().port}/` }));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [siteDir, dataJs, stepsJson] = process.argv.slice(2);
  if (!siteDir) {
    console.error('usage: node static-server.mjs SITE_DIR [DATA_JS [STEPS_JSON]]');
    process.exit(2);
  }
  const routes = dataJs ? { '/data.js': resolve(dataJs) } : {};
  if (stepsJson) {
    routes['/steps.json'] = resolve(stepsJson);
  }
  const { url } = await startStaticServer(siteDir, routes);
  console.log(`serving ${siteDir} at ${url} (Ctrl+C to stop)`);
}
