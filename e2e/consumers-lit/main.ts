import { All, ClientController, createClient, provideClient, Query, QueryController, SuspenseController } from '@resto/lit';
import { html, LitElement } from 'lit';
import { Todo, TodoResource, toggleTodo } from './api';

const doneCount = new Query(new All(Todo), (todos) => todos.filter((t) => t.completed).length);

// A second view of the same todos: it changes with the list, without a request.
class DoneCount extends LitElement {
  private done = new QueryController(this, doneCount);
  override render() {
    return html`<h1>Done: <output>${this.done.value ?? 0}</output></h1>`;
  }
}

class TodoList extends LitElement {
  private todos = new SuspenseController(this, TodoResource.getList, { userId: 1 });
  private store = new ClientController(this);
  override render() {
    return this.todos.render({
      pending: () => html`<p>Loading…</p>`,
      complete: (list) => html`
        <ul>
          ${list.map(
            (todo) => html`
              <li>
                <label>
                  <input
                    type="checkbox"
                    .checked=${todo.completed}
                    @change=${() => this.store.controller.fetch(toggleTodo, { id: todo.id }, { completed: !todo.completed })}
                  />
                  ${todo.title}
                </label>
              </li>
            `,
          )}
        </ul>
      `,
      error: (error) => html`<p role="alert">${error.message}</p>`,
    });
  }
}

class TodoApp extends LitElement {
  constructor() {
    super();
    provideClient(this, createClient());
  }
  override render() {
    return html`<done-count></done-count><todo-list></todo-list>`;
  }
}

customElements.define('done-count', DoneCount);
customElements.define('todo-list', TodoList);
customElements.define('todo-app', TodoApp);
