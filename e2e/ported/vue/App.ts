import { Suspense, defineComponent, h, ref, type PropType } from 'vue';
// import { useCache, useController, useSuspense } from '@data-client/vue';
import { useCache, useController, useSuspense } from '@resto/vue';
import { TodoResource, UserResource, type Todo } from './resources';

export const TodoItem = defineComponent({
  props: { todo: { type: Object as PropType<Todo>, required: true } },
  setup(props) {
    const ctrl = useController();
    const toggle = () => ctrl.fetch(TodoResource.partialUpdate, { id: props.todo.id }, { completed: !props.todo.completed });
    const remove = () => ctrl.fetch(TodoResource.delete, { id: props.todo.id });
    return () =>
      h('li', { 'data-todo': props.todo.id }, [
        h('label', [h('input', { type: 'checkbox', checked: props.todo.completed, onChange: toggle }), props.todo.title]),
        h('button', { type: 'button', onClick: remove }, 'delete'),
      ]);
  },
});

export const NewTodo = defineComponent({
  props: { userId: { type: Number, required: true } },
  setup(props) {
    const { fetch } = useController();
    const title = ref('');
    const submit = async (e: Event) => {
      e.preventDefault();
      await fetch(TodoResource.getList.push, { userId: props.userId }, { title: title.value, userId: props.userId });
      title.value = '';
    };
    return () =>
      h('form', { onSubmit: submit }, [
        h('input', {
          'aria-label': 'new todo',
          value: title.value,
          onInput: (e: Event) => (title.value = (e.target as HTMLInputElement).value),
        }),
        h('button', { type: 'submit' }, 'add'),
      ]);
  },
});

export const Remaining = defineComponent({
  props: { userId: { type: Number, required: true } },
  setup(props) {
    const todos = useCache(TodoResource.getList, () => ({ userId: props.userId }));
    return () => (todos.value ? h('p', { class: 'remaining' }, `${todos.value.filter((t) => !t.completed).length} left`) : null);
  },
});

export const TodoList = defineComponent({
  props: { userId: { type: Number, required: true } },
  async setup(props) {
    const todos = await useSuspense(TodoResource.getList, () => ({ userId: props.userId }));
    return () =>
      h('section', [
        h(Remaining, { userId: props.userId }),
        h('ul', todos.value.map((todo) => h(TodoItem, { key: todo.pk(), todo }))),
        h(NewTodo, { userId: props.userId }),
      ]);
  },
});

export const UserPicker = defineComponent({
  props: { userId: { type: Number, required: true } },
  emits: ['pick'],
  async setup(props, { emit }) {
    const users = await useSuspense(UserResource.getList);
    return () =>
      h(
        'nav',
        users.value.map((user) =>
          h('button', { key: user.pk(), type: 'button', 'aria-pressed': user.id === props.userId, onClick: () => emit('pick', user.id) }, user.name),
        ),
      );
  },
});

export default defineComponent({
  setup() {
    const userId = ref(1);
    return () =>
      h(Suspense, null, {
        default: () =>
          h('main', [
            h(UserPicker, { userId: userId.value, onPick: (id: number) => (userId.value = id) }),
            h(TodoList, { userId: userId.value }),
          ]),
        fallback: () => h('p', 'Loading…'),
      });
  },
});
