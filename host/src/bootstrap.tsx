import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createRouter } from './app/app';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App router={createRouter()} />
  </StrictMode>,
);
