import { createClient, serializeState } from '@resto/core';

async function prefetch(load, options = {}) {
  const client = createClient({ ssr: true, ...options.managers ? { managers: options.managers } : {} });
  try {
    await load(client.controller);
    return { resto: serializeState(client.dehydrate()) };
  } finally {
    client.destroy();
  }
}

export { prefetch as p };
//# sourceMappingURL=prefetch.js-BrX7Ebpe.js.map
