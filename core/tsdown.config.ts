import { libraryConfig } from '../tsdown.shared';

export default libraryConfig({ index: 'src/index.ts', 'mock/index': 'src/mock/index.ts', internal: 'src/internal.ts', 'persist/index': 'src/persist/index.ts', 'sync/index': 'src/sync/index.ts' });
