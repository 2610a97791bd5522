import { Entity, resource } from '@resto/react';

// One absolute URL, the same on the server and in the browser: store keys include it.
export const API_URL = 'http://127.0.0.1:40755';

export class Todo extends Entity {
  id = 0;
  userId = 0;
  title = '';
  completed = false;
  static override key = 'Todo';
}

export const TodoResource = resource({ urlPrefix: API_URL, path: '/todos/:id', schema: Todo });
