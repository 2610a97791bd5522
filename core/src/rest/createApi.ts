// createApi(): the settings every endpoint of one API shares (base URL, headers, expiry...),
// set once. A RestEndpoint subclass holds them on its prototype, where RestEndpoint keeps
// its own defaults, so each endpoint's options and extend() still override them.
import type { RestEndpointConstructor, RestEndpointOptions } from './RestEndpointTypes';
import { RestEndpoint } from './RestEndpoint';
import { resource } from './resource';
import type { ResourceOptions } from './resourceTypes';

/**
 * What `createApi()` takes: the options every endpoint of the API starts from.
 *
 * @example
 * const options: ApiOptions = { urlPrefix: 'https://api.example.com', dataExpiryLength: 30_000 };
 */
export interface ApiOptions
  extends Omit<ResourceOptions, 'nonFilterArgumentKeys' | 'optimistic' | 'Collection'>,
    Pick<RestEndpointOptions, 'getHeaders' | 'getRequestInit' | 'fetchResponse' | 'parseResponse' | 'searchToString'> {}

/** What `createApi()` returns: `RestEndpoint` and `resource` starting from the API's options. */
export interface Api {
  /** A RestEndpoint subclass whose defaults are the API's options. */
  readonly RestEndpoint: RestEndpointConstructor;
  /** `resource()` whose members are the API's `RestEndpoint`s. */
  readonly resource: typeof resource;
}

/**
 * Set the base URL, headers and other endpoint options once for a whole API. Endpoints
 * and resources made from it start from these options; their own options win.
 *
 * @example
 * const api = createApi({
 *   urlPrefix: 'https://api.example.com',
 *   getHeaders: (headers) => ({ ...headers, Authorization: `Bearer ${session.token}` }),
 * });
 * const TodoResource = api.resource({ path: '/todos/:id', schema: Todo });
 * const me = new api.RestEndpoint({ path: '/me', schema: User });
 */
export function createApi(options: ApiOptions): Api {
  const { Endpoint = RestEndpoint, ...defaults } = options;
  const Base = Endpoint as unknown as new (o: object) => object;
  class ApiEndpoint extends Base {}
  Object.assign(ApiEndpoint.prototype, defaults);
  return {
    RestEndpoint: ApiEndpoint as unknown as RestEndpointConstructor,
    resource: ((o: object) => resource({ Endpoint: ApiEndpoint, ...o } as never)) as unknown as typeof resource,
  };
}
