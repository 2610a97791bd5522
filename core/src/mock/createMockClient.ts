import { createClient, type Client, type ClientOptions } from '../client';
import { getDefaultManagers } from '../managers';
import type { FixtureOrInterceptor } from './fixtures';
import { MockManager } from './MockManager';

/**
 * A client whose fetches are answered by fixtures and interceptors: what every
 * adapter's test helpers build on.
 *
 * @example
 * const client = createMockClient([
 *   { endpoint: TodoResource.get, args: [{ id: 1 }], response: { id: 1, title: 'a' } },
 *   { endpoint: TodoResource.partialUpdate, response: (params, body) => ({ ...params, ...body }) },
 * ]);
 */
export function createMockClient(
  fixtures: readonly FixtureOrInterceptor[],
  { unmatched = 'error', ...options }: ClientOptions & { unmatched?: 'network' | 'error' } = {},
): Client & { mock: MockManager } {
  const mock = new MockManager(fixtures, { unmatched });
  const client = createClient({ ...options, managers: [mock, ...(options.managers ?? getDefaultManagers())] });
  return Object.assign(client, { mock });
}
