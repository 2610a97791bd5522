import { Entity, resource } from '@resto/react';

// The same absolute URL on the server and in the browser: store keys include it.
// (The e2e test writes the API server's URL here before building.)
export const API_URL = 'http://127.0.0.1:4000';

export class Todo extends Entity {
  id = 0;
  userId = 0;
  title = '';
  completed = false;
  static override key = 'Todo';
}

export const TodoResource = resource({ urlPrefix: API_URL, path: '/todos/:id', schema: Todo });
