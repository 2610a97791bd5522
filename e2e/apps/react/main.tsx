import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DataProvider } from '@resto/react';
import { createDemoClient } from '../shared/client';
import { mountDevtoolsToggle } from '../shared/devtools';
import { mountOfflineBanner } from '../shared/offline';
import { App } from './App';
import '../shared/style.css';

// One client for the page, made outside React so the LogoutManager is in it.
const client = createDemoClient();
mountDevtoolsToggle(client);
mountOfflineBanner(client);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <DataProvider client={client}>
      <App />
    </DataProvider>
  </StrictMode>,
);
