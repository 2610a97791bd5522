// Type checks of @resto/react with react's types resolved to preact/compat (tsconfig
// paths): compiled by the e2e test's `tsc`, never run.
import type { ComponentChildren } from 'preact';
import { DataProvider, useDLE, useMutation, useSuspense, type DataProviderProps } from '@resto/react';
import { TodoResource, type Todo } from './api';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const is = <T extends true>(): T | undefined => undefined;

export function useTypeChecks() {
  const todos = useSuspense(TodoResource.getList, { userId: 1 });
  is<Equal<typeof todos, Todo[]>>();
  const maybe = useSuspense(TodoResource.get, Math.random() ? { id: 1 } : null);
  is<Equal<typeof maybe, Todo | undefined>>();
  const { data, loading } = useDLE(TodoResource.get, { id: 1 });
  is<Equal<typeof data, Todo | undefined>>();
  is<Equal<typeof loading, boolean>>();
  const { mutate } = useMutation(TodoResource.partialUpdate);
  void mutate({ id: 1 }, { completed: true });
  // @ts-expect-error: userId is a number
  useSuspense(TodoResource.getList, { userId: 'me' });
  // @ts-expect-error: the path parameter is id
  useSuspense(TodoResource.get, { todoId: 1 });
  return { todos, maybe, data, loading };
}

// The provider takes Preact children (compat's ReactNode is Preact's ComponentChildren).
export const children: ComponentChildren = 'x';
export const props: DataProviderProps = { children };
export const provider = DataProvider({ children });
