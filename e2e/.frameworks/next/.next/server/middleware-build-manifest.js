globalThis.__BUILD_MANIFEST = {
  "pages": {
    "/_app": []
  },
  "devFiles": [],
  "polyfillFiles": [
    "static/chunks/0cz1d0mv5g_q7.js"
  ],
  "lowPriorityFiles": [
    "static/TnJZj9zSEdIgGMeYD1v6u/_buildManifest.js",
    "static/TnJZj9zSEdIgGMeYD1v6u/_ssgManifest.js",
    "static/TnJZj9zSEdIgGMeYD1v6u/_clientMiddlewareManifest.js"
  ],
  "rootMainFiles": [
    "static/chunks/3hflwwqn4kv-l.js",
    "static/chunks/280q-uqqc-0lj.js",
    "static/chunks/1l1ar_2fjm2ah.js",
    "static/chunks/1qvk_riywwobb.js",
    "static/chunks/turbopack-2u1d16houkiyo.js"
  ],
  "rootMainFilesTree": {},
  "pagesChunkGroupBootstrapParams": {
    "/page": {
      "otherChunks": [
        "static/chunks/3hflwwqn4kv-l.js",
        "static/chunks/280q-uqqc-0lj.js",
        "static/chunks/1l1ar_2fjm2ah.js",
        "static/chunks/1qvk_riywwobb.js"
      ],
      "runtimeModuleIds": [
        52308
      ]
    },
    "/_not-found/page": {
      "otherChunks": [
        "static/chunks/3hflwwqn4kv-l.js",
        "static/chunks/280q-uqqc-0lj.js",
        "static/chunks/1l1ar_2fjm2ah.js",
        "static/chunks/1qvk_riywwobb.js"
      ],
      "runtimeModuleIds": [
        52308
      ]
    },
    "/_global-error/page": {
      "otherChunks": [
        "static/chunks/3hflwwqn4kv-l.js",
        "static/chunks/280q-uqqc-0lj.js",
        "static/chunks/1l1ar_2fjm2ah.js",
        "static/chunks/1qvk_riywwobb.js"
      ],
      "runtimeModuleIds": [
        52308
      ]
    },
    "/todos/[id]/page": {
      "otherChunks": [
        "static/chunks/3hflwwqn4kv-l.js",
        "static/chunks/280q-uqqc-0lj.js",
        "static/chunks/1l1ar_2fjm2ah.js",
        "static/chunks/1qvk_riywwobb.js"
      ],
      "runtimeModuleIds": [
        52308
      ]
    }
  },
  "chunkLoadingGlobal": "TURBOPACK"
};
