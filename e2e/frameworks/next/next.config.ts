import type { NextConfig } from 'next';

const config: NextConfig = {
  // Next 16's recommended mode: static shells, request-time data under <Suspense>.
  cacheComponents: true,
  // Set with cacheComponents (Next 16.4 warns when it is left out): a <Link> prefetches
  // only a page's static shell, never its request-time data.
  partialPrefetching: true,
};

export default config;
