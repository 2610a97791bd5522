import { resource } from '@resto/core';
import { Todo } from './api';

export const todoResource = (url: string) => resource({ urlPrefix: url, path: '/todos/:id', schema: Todo });
export type TodoResourceType = ReturnType<typeof todoResource>;
