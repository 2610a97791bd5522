const index = 2;
let component_cache;
const component = async () => component_cache ??= (await import('../entries/pages/_page.svelte.js-fTLoK36n.js')).default;
const imports = ["_app/immutable/nodes/2.Bac9lO7i.js","_app/immutable/chunks/Clfm-aCT.js","_app/immutable/chunks/Dwv1D89I.js","_app/immutable/chunks/BuEqOGdu.js","_app/immutable/chunks/BDyWjphk.js","_app/immutable/chunks/D5I4-mR6.js"];
const stylesheets = [];
const fonts = [];

export { component, fonts, imports, index, stylesheets };
//# sourceMappingURL=2.js-fspXs1ZE.js.map
