import { hydrateRoot } from 'react-dom/client';
import { parseState } from '@resto/core';
import { DataProvider } from '@resto/react';
import { STATE_ID, todoApi } from '../todos';
import { App } from './App';

// The server's store, as serializeState() wrote it: the first render needs no request.
const state = parseState(document.getElementById(STATE_ID)!.textContent!);
hydrateRoot(
  document.getElementById('root')!,
  <DataProvider initialState={state}>
    <App api={todoApi(location.origin)} />
  </DataProvider>,
);
