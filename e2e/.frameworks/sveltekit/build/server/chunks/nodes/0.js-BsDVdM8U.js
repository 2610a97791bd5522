export { _ as server } from '../entries/pages/_layout.server.ts.js-BW19OWF5.js';
import '../chunks/api.js-BAEbwGs0.js';
import '@resto/core';
import '../chunks/prefetch.js-BrX7Ebpe.js';

const index = 0;
let component_cache;
const component = async () => component_cache ??= (await import('../entries/pages/_layout.svelte.js-B0E3d8KJ.js')).default;
const server_id = "src/routes/+layout.server.ts";
const imports = ["_app/immutable/nodes/0.98OOyg-d.js","_app/immutable/chunks/Clfm-aCT.js","_app/immutable/chunks/Dwv1D89I.js","_app/immutable/chunks/DRgzxfRJ.js","_app/immutable/chunks/DVVH0xOO.js","_app/immutable/chunks/Com_L47h.js","_app/immutable/chunks/D5I4-mR6.js","_app/immutable/chunks/CPexBqtG.js"];
const stylesheets = [];
const fonts = [];

export { component, fonts, imports, index, server_id, stylesheets };
//# sourceMappingURL=0.js-BsDVdM8U.js.map
