// import { Entity, resource } from '@data-client/rest';
import { Entity, resource } from '@resto/core';

export class User extends Entity {
  id = 0;
  name = '';
  username = '';
  email = '';

  static override key = 'User';
}

export class Todo extends Entity {
  id = 0;
  userId = 0;
  title = '';
  completed = false;

  static override key = 'Todo';
}

// The app talks to its own origin (the dev server proxies the API).
export const UserResource = resource({
  path: '/users/:id',
  schema: User,
});

export const TodoResource = resource({
  path: '/todos/:id',
  searchParams: {} as { userId?: number },
  schema: Todo,
  optimistic: true,
});
