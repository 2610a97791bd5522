import { ChangeDetectionStrategy, Component, provideZonelessChangeDetection } from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';
import { provideResto, useController, useQuery, useSuspense } from '@resto/angular';
import { doneCount, toggleTodo, TodoResource, type Todo } from './api';

@Component({
  selector: 'todo-header',
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `<h1>Todos, <span id="done">{{ done() ?? 0 }}</span> done</h1>`,
})
class TodoHeader {
  readonly done = useQuery(doneCount);
}

@Component({
  selector: 'todo-app',
  imports: [TodoHeader],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <todo-header />
    @let list = todos();
    @if (list.status === 'ready') {
      <ul>
        @for (todo of list.data; track todo.id) {
          <li>
            <label><input type="checkbox" [checked]="todo.completed" (change)="toggle(todo)" /> {{ todo.title }}</label>
          </li>
        }
      </ul>
    } @else if (list.status === 'error') {
      <p>Failed: {{ list.error.status }}</p>
    } @else {
      <p>Loading…</p>
    }
  `,
})
class TodoApp {
  readonly todos = useSuspense(TodoResource.getList, { userId: 1 });
  private readonly ctrl = useController();

  toggle(todo: Todo) {
    void this.ctrl.fetch(toggleTodo, { id: todo.id }, { completed: !todo.completed });
  }
}

bootstrapApplication(TodoApp, { providers: [provideZonelessChangeDetection(), provideResto()] }).catch((error: unknown) => console.error(error));
