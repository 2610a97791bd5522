import { resource } from '@resto/core';
import { Todo } from './api';

export const todoResource = (url: string) => resource({ urlPrefix: url, path: '/todos/:id', schema: Todo });
export type TodoResourceType = ReturnType<typeof todoResource>;

/** The todo resource with `paginationField: 'page'`, so `getList.getPage` exists. */
export const pagedTodoResource = (url: string) => resource({ urlPrefix: url, path: '/todos/:id', schema: Todo, paginationField: 'page' });
export type PagedTodoResourceType = ReturnType<typeof pagedTodoResource>;
