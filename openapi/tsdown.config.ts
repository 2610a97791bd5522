import { libraryConfig } from '../tsdown.shared';

// The generator runs in Node (it reads and writes files), so the build targets node.
export default libraryConfig({ index: 'src/index.ts', cli: 'src/cli.ts' }, { platform: 'node', fixedExtension: false });
