// Validation of ids and body fields: a bad value is a 400 that names the field.
import { HttpError, type Ctx } from './http';

export function id(ctx: Ctx, name = 'id'): number {
  const raw = ctx.params[name];
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new HttpError(400, `Invalid ${name}: ${raw}`);
  return n;
}

export function found<T>(v: T | undefined, what: string, n: number): T {
  if (v === undefined) throw new HttpError(404, `${what} ${n} not found`);
  return v;
}

export function str(body: Record<string, unknown>, key: string, required: boolean): string | undefined {
  const v = body[key];
  if (v === undefined) {
    if (required) throw new HttpError(400, `Field "${key}" is required`);
    return undefined;
  }
  if (typeof v !== 'string' || v.trim() === '') throw new HttpError(400, `Field "${key}" must be a non-empty string`);
  return v.trim();
}

export function bool(body: Record<string, unknown>, key: string, required: boolean): boolean | undefined {
  const v = body[key];
  if (v === undefined) {
    if (required) throw new HttpError(400, `Field "${key}" is required`);
    return undefined;
  }
  if (typeof v !== 'boolean') throw new HttpError(400, `Field "${key}" must be a boolean`);
  return v;
}
