// Static file serving for built demo apps, so the whole demo (API + four apps)
// runs on one port and the apps call the API same-origin.
import { createReadStream, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

/** URL prefix (e.g. '/react/') -> directory on disk. */
export type StaticMounts = Record<string, string>;

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

function normalizeMount(prefix: string): string {
  let p = prefix.startsWith('/') ? prefix : '/' + prefix;
  if (!p.endsWith('/')) p += '/';
  return p;
}

export function createStaticHandler(mounts: StaticMounts) {
  // Longest prefix first so '/apps/react/' wins over '/apps/'.
  const list = Object.entries(mounts)
    .map(([prefix, dir]) => ({ prefix: normalizeMount(prefix), dir: resolve(dir) }))
    .sort((a, b) => b.prefix.length - a.prefix.length);

  return {
    prefixes: list.map((m) => m.prefix),
    /** Returns false when no mount claims the path (caller answers 404). */
    handle(req: IncomingMessage, res: ServerResponse, path: string): boolean {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      for (const { prefix, dir } of list) {
        // '/react' without the slash: redirect so relative asset URLs resolve.
        if (prefix !== '/' && path === prefix.slice(0, -1)) {
          res.writeHead(308, { Location: prefix });
          res.end();
          return true;
        }
        if (!path.startsWith(prefix)) continue;
        let rel: string;
        try {
          rel = decodeURIComponent(path.slice(prefix.length));
        } catch {
          return false;
        }
        const file = resolve(join(dir, rel));
        // Path traversal guard: never serve outside the mounted directory.
        if (file !== dir && !file.startsWith(dir + sep)) return false;
        let target: string | undefined;
        if (isFile(file)) target = file;
        else if (isFile(join(file, 'index.html'))) target = join(file, 'index.html');
        else if (wantsHtml(req, rel)) target = join(dir, 'index.html'); // SPA fallback
        if (!target || !isFile(target)) return false;
        const type = TYPES[extname(target).toLowerCase()] ?? 'application/octet-stream';
        res.writeHead(200, {
          'Content-Type': type,
          'Content-Length': statSync(target).size,
          // Rebuilt apps must show up on reload during the demo.
          'Cache-Control': 'no-cache',
        });
        if (req.method === 'HEAD') res.end();
        else createReadStream(target).pipe(res);
        return true;
      }
      return false;
    },
  };
}

/** A client-side route (no extension, or a browser navigation) gets index.html. */
function wantsHtml(req: IncomingMessage, rel: string): boolean {
  if (extname(rel) === '') return true;
  return (req.headers.accept ?? '').includes('text/html');
}
