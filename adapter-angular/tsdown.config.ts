import { libraryConfig } from '../tsdown.shared';

export default libraryConfig({ index: 'src/index.ts', server: 'src/server.ts' });
