const index = 1;
let component_cache;
const component = async () => component_cache ??= (await import('../entries/fallbacks/error.svelte.js-gIwWRGcY.js')).default;
const imports = ["_app/immutable/nodes/1.DT6JKHmC.js","_app/immutable/chunks/Clfm-aCT.js","_app/immutable/chunks/Dwv1D89I.js","_app/immutable/chunks/BuEqOGdu.js","_app/immutable/chunks/D5_JB9Td.js","_app/immutable/chunks/CPexBqtG.js"];
const stylesheets = [];
const fonts = [];

export { component, fonts, imports, index, stylesheets };
//# sourceMappingURL=1.js-BiDpL-L1.js.map
