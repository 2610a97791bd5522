/**
 * `{listPath}` of a resource: the path without the segment holding its last
 * `:param` or `*wildcard` (an optional `{/...}` group holding it goes too).
 *
 * @example
 * listPath('/:a/:b')       // '/:a'
 * listPath('/:a')          // '/'
 * listPath('/:a/*rest')    // '/:a'
 * listPath('/users{/:id}') // '/users'
 */
export function listPath(path: string): string {
  let token = -1;
  let quoted = false;
  for (let i = 0; i < path.length; i++) {
    const ch = path[i];
    if (ch === '\\') i++;
    else if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === ':' || ch === '*')) token = i;
  }
  if (token === -1) return path;
  let start = path.lastIndexOf('/', token);
  while (start > 0 && path[start - 1] === '\\') start = path.lastIndexOf('/', start - 2);
  if (start > 0 && path[start - 1] === '{') start -= 1;
  if (start === -1) start = 0;
  // The cut ends, after the token, at the first '/', '{' or '}' outside the
  // groups it opened: a group holding the token goes, one after it (`{/}`) stays.
  let depth = 0;
  let end = start;
  quoted = false;
  for (; end < path.length; end++) {
    const ch = path[end];
    if (ch === '\\') end++;
    else if (ch === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (end > token && depth === 0 && (ch === '/' || ch === '{' || ch === '}')) break;
    else if (ch === '{') depth++;
    else if (ch === '}') depth--;
  }
  return path.slice(0, start) + path.slice(end) || '/';
}

type Split<S extends string> = S extends `${infer H}/${infer T}` ? [H, ...Split<T>] : [S];
type Join<T extends string[]> = T extends [infer H extends string, ...infer R extends string[]]
  ? R extends []
    ? H
    : `${H}/${Join<R>}`
  : '';
type HasToken<S extends string> = S extends `${string}:${string}` | `${string}*${string}` ? true : false;
type DropLastToken<T extends string[]> = T extends [...infer Init extends string[], infer Last extends string]
  ? HasToken<Last> extends true
    ? Init
    : [...DropLastToken<Init>, Last]
  : [];

/**
 * Type of {@link listPath} for common templates.
 *
 * @example
 * type L = ListPath<'/users/:id'>; // '/users'
 */
export type ListPath<P extends string> = string extends P
  ? string
  : P extends `${infer Head}{${infer Group}}`
    ? Group extends `${string}${'{' | '}'}${string}`
      ? SplitListPath<P>
      : HasToken<Group> extends true
        ? // A last group holding the token goes (`/users{/:id}`).
          Head extends '' ? '/' : Head
        : // A group after the last token stays (`/users/:id{/}`).
          HasToken<Head> extends true
          ? ListPath<Head> extends infer L extends string
            ? `${L extends '/' ? '' : L}{${Group}}`
            : string
          : P
    : SplitListPath<P>;
type SplitListPath<P extends string> =
  Join<DropLastToken<Split<P>>> extends infer R extends string ? (R extends '' ? '/' : R) : string;
