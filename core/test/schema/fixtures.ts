import { Entity } from '../../src/schema';

export class User extends Entity {
  id = 0;
  name = '';
  static override key = 'User';
}

export class Todo extends Entity {
  id = 0;
  title = '';
  userId = 0;
  done = false;
  static override key = 'Todo';
}

export class Post extends Entity {
  id = 0;
  title = '';
  author: User | undefined = undefined;
  static override key = 'Post';
  static override schema = { author: User };
}

export const meta = (fetchedAt: number) => ({ fetchedAt, date: fetchedAt, expiresAt: fetchedAt + 60_000 });
