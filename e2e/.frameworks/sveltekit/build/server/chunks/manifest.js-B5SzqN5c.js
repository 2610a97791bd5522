const manifest = (() => {
function __memo(fn) {
	let value;
	return () => value ??= (value = fn());
}

return {
	appDir: "_app",
	appPath: "_app",
	assets: new Set([]),
	mimeTypes: {},
	_: {
		client: {start:"_app/immutable/entry/start.BgOoriNd.js",app:"_app/immutable/entry/app.DLFVGbjA.js",imports:["_app/immutable/entry/start.BgOoriNd.js","_app/immutable/chunks/D5_JB9Td.js","_app/immutable/chunks/Dwv1D89I.js","_app/immutable/chunks/CPexBqtG.js","_app/immutable/entry/app.DLFVGbjA.js","_app/immutable/chunks/Dwv1D89I.js","_app/immutable/chunks/BuEqOGdu.js","_app/immutable/chunks/Clfm-aCT.js","_app/immutable/chunks/BvmrBLHR.js","_app/immutable/chunks/DVVH0xOO.js","_app/immutable/chunks/DRgzxfRJ.js"],stylesheets:[],fonts:[],uses_env_dynamic_public:false},
		nodes: [
			__memo(() => import('./nodes/0.js-BsDVdM8U.js')),
			__memo(() => import('./nodes/1.js-BiDpL-L1.js')),
			__memo(() => import('./nodes/2.js-fspXs1ZE.js')),
			__memo(() => import('./nodes/3.js-BD7G5w0g.js'))
		],
		remotes: {
			
		},
		routes: [
			{
				id: "/",
				pattern: /^\/$/,
				params: [],
				page: { layouts: [0,], errors: [1,], leaf: 2 },
				endpoint: null
			},
			{
				id: "/todos/[id]",
				pattern: /^\/todos\/([^/]+?)\/?$/,
				params: [{"name":"id","optional":false,"rest":false,"chained":false}],
				page: { layouts: [0,], errors: [1,], leaf: 3 },
				endpoint: null
			}
		],
		prerendered_routes: new Set([]),
		matchers: async () => {
			
			return {  };
		},
		server_assets: {}
	}
}
})();

export { manifest as m };
//# sourceMappingURL=manifest.js-B5SzqN5c.js.map
