// The typical React app's imports (README's smallest app), built for production by
// build.mjs with each bundler: no development message may survive in any output.
import { Entity, resource } from '@resto/core';
import { DataProvider, useController, useSuspense } from '@resto/react';

class Todo extends Entity {
  id = 0;
  title = '';
  completed = false;
  static key = 'Todo';
}

export const TodoResource = resource({ path: '/todos/:id', schema: Todo });
export { DataProvider, useController, useSuspense };
