/**
 * Stable string for filter args: keys sorted, undefined dropped, primitive values
 * as strings (so `{ userId: 1 }` and `{ userId: '1' }` name the same collection).
 */
export function serializeArgs(value: unknown): string {
  if (value === undefined || value === null || typeof value !== 'object') return '{}';
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj).sort();
  const out: Record<string, unknown> = {};
  for (const k of keys) {
    const v = obj[k];
    if (v === undefined) continue;
    out[k] = typeof v === 'object' && v !== null ? v : String(v);
  }
  return JSON.stringify(out);
}
