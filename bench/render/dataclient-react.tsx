import { Suspense, memo, useState, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { CacheProvider, useController, useSuspense, type Controller } from '@data-client/react';
import { Entity, createResource } from '@data-client/rest';
import { register } from './shared/harness';

class User extends Entity {
  id = 0;
  login = '';
  name = '';
  avatar_url = '';
  pk() {
    return `${this.id}`;
  }
  static key = 'User';
}
class Row extends Entity {
  id = '';
  name = '';
  type = '';
  paused = false;
  projectId = '';
  author = User.fromJS();
  pk() {
    return this.id;
  }
  static key = 'Row';
  static schema = { author: User };
}
const RowResource = createResource({ path: '/rows/:id', schema: Row });
const UserResource = createResource({ path: '/users/:id', schema: User });

const RowItem = memo(function RowItem({ row }: { row: Row }) {
  return (
    <li data-id={row.id}>
      <span className="name">{row.name}</span> <span className="author">{row.author.name}</span> <span>{row.type}</span>
    </li>
  );
});

let controller: Controller | undefined;
function List() {
  controller = useController();
  const rows = useSuspense(RowResource.getList);
  return (
    <ul id="list">
      {rows.map((r) => (
        <RowItem key={r.id} row={r} />
      ))}
    </ul>
  );
}

let root: Root | undefined;
let hide: (() => void) | undefined;
let rerender: (() => void) | undefined;
/** Renders its children until hide() (the memory suite's "user navigated away"). */
function Shown({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(true);
  const [, setTick] = useState(0);
  hide = () => setShown(false);
  rerender = () => setTick((t) => t + 1);
  return shown ? children : null;
}
register('dataclient-react', {
  mount(container) {
    root = createRoot(container);
    root.render(
      // The build aliases @data-client/* to the vendored 0.18 bundle (see browser.ts), where
      // CacheProvider is DataProvider; 0.9's relied on defaultProps, which React 19 ignores.
      <CacheProvider {...CacheProvider.defaultProps}>
        <Shown>
          <Suspense fallback={<p>loading</p>}>
            <List />
          </Suspense>
        </Shown>
      </CacheProvider>,
    );
  },
  hideList: () => hide!(),
  settle: () => rerender!(),
  unmount() {
    root?.unmount();
  },
  updateRow: (row) => void controller!.setResponse(RowResource.get, { id: row.id }, row),
  updateUser: (user) => void controller!.setResponse(UserResource.get, { id: user.id }, user),
  push: (row) => void controller!.setResponse(RowResource.getList.push, row, row),
  remove: (id) => void controller!.setResponse(RowResource.delete, { id }, { id }),
});
