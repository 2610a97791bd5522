import { libraryConfig } from '../tsdown.shared';

export default libraryConfig(
  {
    index: 'src/index.ts',
    'mock/index': 'src/mock/index.ts',
    internal: 'src/internal.ts',
    'persist/index': 'src/persist/index.ts',
    'sync/index': 'src/sync/index.ts',
    // `#dev` is chosen by the app's bundler (package.json "imports"), so every answer ships.
    'dev/index': 'src/dev/index.ts',
    'dev/production': 'src/dev/production.ts',
    'dev/development': 'src/dev/development.ts',
  },
  { external: ['#dev'] },
);
