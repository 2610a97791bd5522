import { expect, it } from 'vitest';
import { initialState, reducer, responseMeta, SET_RESPONSE } from '../../src/internal';

const meta = responseMeta({}, 1, 1);

it('a response its schema refuses with a thrown object (not an Error) is stored as an error that names the endpoint and carries its message and status', () => {
  const schema = {
    normalize() {
      throw { message: 'no item here', status: 422 };
    },
    denormalize: (x: unknown) => x,
    queryKey: () => undefined,
  };
  const endpoint = { name: 'Odd.get', schema, key: () => 'odd' } as never;
  const next = reducer(initialState(), { type: SET_RESPONSE, key: 'odd', endpoint, args: [], response: { id: 1 }, meta });
  const error = next.meta.odd?.error as Error & { status: number };
  expect(error.message).toBe('Odd.get: no item here');
  expect(error.name).toBe('SchemaError');
  expect(error.status).toBe(422);
  expect(next.endpoints.odd).toBeUndefined();
});

it('a stored response keeps the meta its action carries', () => {
  const endpoint = { name: 'Plain.get', key: () => 'plain' } as never;
  const next = reducer(initialState(), { type: SET_RESPONSE, key: 'plain', endpoint, args: [], response: { ok: true }, meta });
  expect(next.meta.plain).toEqual({ date: 1, fetchedAt: 1, expiresAt: 60_001 });
  expect(next.endpoints.plain).toEqual({ ok: true });
});
