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
  // Escaped characters and quoted names (`:"a-b"`) blanked out after their first character
  // (a backslash, or the name's sigil), same length: what is left is the syntax.
  const syntax = path.replace(/\\[^]?|[:*]"(?:\\[^]|[^"\\])*"?/g, (text) => text[0] + ' '.repeat(text.length - 1));
  const token = syntax.search(/[:*][^:*]*$/);
  if (token < 0) return path;
  // The cut starts at the '/' before the token, or at the '{' of a group opened there.
  let start = syntax.lastIndexOf('/', token);
  if (syntax[start - 1] === '{') start--;
  if (start < 0) start = 0;
  // It ends, after the token, at the first '/', '{' or '}' outside the groups it
  // opened: a group holding the token goes, one after it (`{/}`) stays.
  let depth = 0;
  let end = start;
  for (; end < path.length; end++) {
    const ch = syntax[end]!;
    if (end > token && !depth && '/{}'.includes(ch)) break;
    depth += ch === '{' ? 1 : ch === '}' ? -1 : 0;
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
