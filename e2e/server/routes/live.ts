// GET /live: the Server-Sent Events stream of todo changes (see ../live.ts).
import type { Router } from '../http';
import type { ServerState } from '../state';

export function liveRoutes(router: Router, state: ServerState) {
  router.get('/live', (ctx) => state.live.attach(ctx));
}
