export { _ as server } from '../entries/pages/todos/_id_/_page.server.ts.js-Nd0EVi3D.js';
import '../chunks/api.js-BAEbwGs0.js';
import '@resto/core';
import '../chunks/prefetch.js-BrX7Ebpe.js';

const index = 3;
let component_cache;
const component = async () => component_cache ??= (await import('../entries/pages/todos/_id_/_page.svelte.js-6BQmIFAE.js')).default;
const server_id = "src/routes/todos/[id]/+page.server.ts";
const imports = ["_app/immutable/nodes/3.Br8VPgoH.js","_app/immutable/chunks/Clfm-aCT.js","_app/immutable/chunks/Dwv1D89I.js","_app/immutable/chunks/BuEqOGdu.js","_app/immutable/chunks/BvmrBLHR.js","_app/immutable/chunks/DVVH0xOO.js","_app/immutable/chunks/BDyWjphk.js","_app/immutable/chunks/D5I4-mR6.js","_app/immutable/chunks/Com_L47h.js","_app/immutable/chunks/CPexBqtG.js"];
const stylesheets = [];
const fonts = [];

export { component, fonts, imports, index, server_id, stylesheets };
//# sourceMappingURL=3.js-BD7G5w0g.js.map
