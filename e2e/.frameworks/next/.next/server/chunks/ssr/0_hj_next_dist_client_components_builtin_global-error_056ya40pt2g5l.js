module.exports=[13964,(a,b,c)=>{let{createClientModuleProxy:d}=a.r(50254);a.n(d("[project]/e2e/.frameworks/next/node_modules/next/dist/client/components/builtin/global-error.js"))},61252,a=>{"use strict";var b=a.i(13964);a.n(b)},62925,function(a){a.n(a.i(61252))}];

//# sourceMappingURL=0_hj_next_dist_client_components_builtin_global-error_056ya40pt2g5l.js.map