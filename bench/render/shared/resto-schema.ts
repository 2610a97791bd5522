import { Entity, resource } from '@resto/core';

export class User extends Entity {
  id = 0;
  login = '';
  name = '';
  avatar_url = '';
  static override key = 'User';
}
export class Row extends Entity {
  id = '';
  name = '';
  type = '';
  paused = false;
  projectId = '';
  author = User.fromJS();
  static override key = 'Row';
  static override schema = { author: User };
}
export const RowResource = resource({ path: '/rows/:id', schema: Row });
export const UserResource = resource({ path: '/users/:id', schema: User });
