import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { followSystemColorScheme } from '../shared/ui/antd-mobile-setup.ts';
import { App } from './app.tsx';

/** React and the shell: loaded by the entry (main.tsx) once it has sent the first screen's requests. */
export function startApp(root: HTMLElement): void {
  followSystemColorScheme();
  const app = createRoot(root);
  // A transition renders in slices of a few milliseconds, yielding to the browser in between: the
  // first render of the shell and its screen is no single long task that blocks a tap (ADR 0018).
  startTransition(() => {
    app.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
