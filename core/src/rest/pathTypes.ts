/**
 * Type-level reading of path templates, mirroring `pathTemplate.ts`:
 * `:name` and `:"quoted-name"` are parameters (string | number), `*name` is a
 * wildcard (string[]), anything inside `{...}` is optional, a backslash
 * escapes the next character.
 */

// Characters that end an unquoted parameter name (everything that is not an
// identifier character in practice).
type NameEnd =
  | '/' | '.' | '-' | '{' | '}' | '?' | '&' | '=' | '+' | ';' | ',' | '~' | '!'
  | '(' | ')' | '[' | ']' | '\\' | ':' | '*' | '"' | "'" | ' ' | '#' | '%' | '@'
  | '|' | '^' | '`' | '<' | '>';

type ReadName<S extends string, Acc extends string = ''> =
  S extends `${infer C}${infer R}`
    ? C extends NameEnd ? [Acc, S] : ReadName<R, `${Acc}${C}`>
    : [Acc, ''];

type ReadQuoted<S extends string, Acc extends string = ''> =
  S extends `"${infer R}`
    ? [Acc, R]
    : S extends `\\${infer C}${infer R}`
      ? ReadQuoted<R, `${Acc}${C}`>
      : S extends `${infer C}${infer R}`
        ? ReadQuoted<R, `${Acc}${C}`>
        : [Acc, ''];

interface Found<N extends string, Optional extends boolean, Wild extends boolean> {
  name: N;
  optional: Optional;
  wild: Wild;
}

type Pop<D extends unknown[]> = D extends [unknown, ...infer R] ? R : [];
type IsOpt<D extends unknown[]> = D extends [] ? false : true;

type Param<
  Kind extends boolean,
  Read extends [string, string],
  D extends unknown[],
  Acc,
> = Scan<Read[1], D, Acc | Found<Read[0], IsOpt<D>, Kind>>;

/** Every parameter of a template as a union of `Found` records. */
type Scan<S extends string, D extends unknown[] = [], Acc = never> =
  S extends `\\${infer _Escaped}${infer R}` ? Scan<R, D, Acc>
  : S extends `{${infer R}` ? Scan<R, [0, ...D], Acc>
  : S extends `}${infer R}` ? Scan<R, Pop<D>, Acc>
  : S extends `:"${infer R}` ? Param<false, ReadQuoted<R>, D, Acc>
  : S extends `*"${infer R}` ? Param<true, ReadQuoted<R>, D, Acc>
  : S extends `:${infer R}` ? Param<false, ReadName<R>, D, Acc>
  : S extends `*${infer R}` ? Param<true, ReadName<R>, D, Acc>
  : S extends `${string}${infer R}` ? Scan<R, D, Acc>
  : Acc;

type ValueOf<F> = F extends { wild: true } ? string[] : string | number;

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/**
 * Parameters of a path template as an object type.
 *
 * @example
 * type P = PathArgs<'/users/:id{/posts/:postId}'>;
 * // { id: string | number; postId?: string | number }
 */
export type PathArgs<S extends string> = string extends S
  ? Record<string, unknown>
  : Simplify<
      {
        [F in Scan<S> as F extends { optional: false } ? F['name'] : never]: ValueOf<F>;
      } & {
        [F in Scan<S> as F extends { optional: true } ? F['name'] : never]?: ValueOf<F>;
      }
    >;

/**
 * The union of parameter names in a path template.
 *
 * @example
 * type K = PathKeys<'/:a/:b'>; // 'a' | 'b'
 */
export type PathKeys<S extends string> = Scan<S>['name'];

/** True when the template has no parameters at all. */
export type HasNoPathParams<S extends string> = [PathKeys<S>] extends [never] ? true : false;
