// React through one namespace import: esbuild keeps one import statement per module that
// imports from an external package, so every file naming its hooks would each carry its
// own `import { ... } from "react"` into an app's bundle.
import * as React from 'react';

export { React };
