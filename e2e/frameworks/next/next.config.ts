import type { NextConfig } from 'next';

const config: NextConfig = {
  // Next 16's recommended mode: static shells, request-time data under <Suspense>.
  cacheComponents: true,
};

export default config;
