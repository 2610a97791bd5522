import { libraryConfig } from '../tsdown.shared';

export default libraryConfig({ index: 'src/index.ts', 'test/index': 'src/test/index.ts', 'next/index': 'src/next/index.ts' });
