import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

/** Draws the console into index.html's #root (main.tsx fetches this chunk once the sign-in form is held). */
export function start(): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html must contain <div id="root">');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
