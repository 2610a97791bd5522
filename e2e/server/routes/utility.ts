// Endpoints that exist to exercise the client: a clock for polling, a slow and a
// flaky endpoint, and file downloads.
import { HANDLED, HttpError, type Ctx, type Router } from '../http';
import type { ServerState } from '../state';

const REPORT_TXT = ['Resto report', '============', 'todos: 20', 'posts: 12', 'status: all good', ''].join('\n');

function sendFile(ctx: Ctx, data: Buffer, type: string, filename: string) {
  ctx.res.writeHead(200, {
    'Content-Type': type,
    'Content-Length': data.length,
    'Content-Disposition': `attachment; filename="${filename}"`,
    'Cache-Control': 'no-store',
  });
  ctx.res.end(ctx.method === 'HEAD' ? undefined : data);
  return HANDLED;
}

export function utilityRoutes(router: Router, state: ServerState) {
  router
    .get('/time', () => {
      const now = Date.now();
      return { time: new Date(now).toISOString(), epochMs: now };
    })
    .get('/slow', (ctx) => {
      const raw = ctx.query.get('ms') ?? '1000';
      const ms = Number(raw);
      if (!Number.isFinite(ms) || ms < 0 || ms > 30_000) throw new HttpError(400, `Invalid ms: ${raw} (0..30000)`);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve({ ms, time: new Date().toISOString() }), ms);
        // Aborted by the client: stop waiting, nobody reads the answer.
        ctx.res.on('close', () => clearTimeout(timer));
      });
    })
    .get('/flaky', () => {
      // Deterministic: calls 1, 3, 5, ... succeed; 2, 4, 6, ... fail.
      const call = ++state.flakyCalls;
      if (call % 2 === 0) throw new HttpError(500, `Flaky failure (call ${call})`);
      return { ok: true, call };
    })
    .get('/files/report.txt', (ctx) => sendFile(ctx, Buffer.from(REPORT_TXT, 'utf8'), 'text/plain; charset=utf-8', 'report.txt'))
    // Every byte value once: a blob test can check nothing was text-decoded.
    .get('/files/data.bin', (ctx) =>
      sendFile(ctx, Buffer.from(Array.from({ length: 256 }, (_, i) => i)), 'application/octet-stream', 'data.bin'),
    );
}
