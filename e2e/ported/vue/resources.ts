// import { Entity, resource } from '@data-client/vue';
import { Entity, resource } from '@resto/vue';

export class User extends Entity {
  id = 0;
  name = '';
  username = '';

  static override key = 'User';
}

export class Todo extends Entity {
  id = 0;
  userId = 0;
  title = '';
  completed = false;

  static override key = 'Todo';
}

export const UserResource = resource({ path: '/users/:id', schema: User });

export const TodoResource = resource({
  path: '/todos/:id',
  searchParams: {} as { userId?: number },
  schema: Todo,
  optimistic: true,
});
