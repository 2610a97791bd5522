// Identifiers for generated code: stable (the same input gives the same names)
// and never colliding with each other, JavaScript's reserved words, or the globals
// the generated code itself uses.

const RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for ' +
    'function if import in instanceof new null return super switch this throw true try typeof var void while with ' +
    'yield let static implements interface package private protected public await arguments eval undefined NaN Infinity'
  ).split(' '),
);

// Names the generated modules use unqualified: a component called `Date` must not
// shadow the constructor that `static schema` hands dates to.
const TAKEN_TYPES = new Set(
  (
    'Entity Collection RestEndpoint resource Date Blob File FormData Record Partial Array Object String Number ' +
    'Boolean Promise Map Set Error Symbol Function Response Request Headers URL JSON Math unknown never any'
  ).split(' '),
);

function words(text: string): string[] {
  return (
    text
      // camelCase and PascalCase boundaries become word breaks
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
      .split(/[^A-Za-z0-9]+/)
      .filter(Boolean)
  );
}

/** `simple-user` -> `SimpleUser`. */
export function pascal(text: string): string {
  const out = words(text)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
  return /^[0-9]/.test(out) ? `_${out}` : out || 'Unnamed';
}

/** `issues/list-for-repo` -> `issuesListForRepo`. */
export function camel(text: string): string {
  const p = pascal(text);
  if (p.startsWith('_')) return `op${p.slice(1)}`;
  return p[0]!.toLowerCase() + p.slice(1);
}

/** `Pull Requests` -> `pull-requests`. */
export function kebab(text: string): string {
  return (
    words(text)
      .map((w) => w.toLowerCase())
      .join('-') || 'default'
  );
}

export function isIdentifier(name: string): boolean {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name);
}

/** A property key as written in an object literal or type. */
export function propertyKey(name: string): string {
  return isIdentifier(name) ? name : JSON.stringify(name);
}

/** Hands out unique identifiers in the order asked for. */
export class NameScope {
  private readonly used = new Set<string>();

  constructor(reserved: Iterable<string> = []) {
    for (const r of reserved) this.used.add(r);
  }

  /** `base`, or `base2`, `base3`... when taken. Types get a `Model` suffix instead of shadowing a global. */
  claim(base: string, kind: 'type' | 'value'): string {
    let name = base;
    if (RESERVED.has(name) || (kind === 'type' && TAKEN_TYPES.has(name))) name = kind === 'type' ? `${name}Model` : `${name}Op`;
    let candidate = name;
    for (let i = 2; this.used.has(candidate); i++) candidate = `${name}${i}`;
    this.used.add(candidate);
    return candidate;
  }
}
