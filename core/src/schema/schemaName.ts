// schemaName(): the short human name of any schema that warnings and errors show.

/** Short human name of any schema, for messages. */
export function schemaName(s: any): string {
  if (s === null || s === undefined) return `${s}`;
  if (Array.isArray(s)) return `[${schemaName(s[0])}]`;
  // a class's `name` is always a string: the key, else the class name
  if (typeof s.key === 'string') return s.key;
  if (typeof s.name === 'string') return s.name;
  if (s.constructor === Object) return `{${Object.keys(s).join(', ')}}`;
  return s.constructor?.name ?? 'schema';
}
