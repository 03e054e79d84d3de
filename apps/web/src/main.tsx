import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { detectLanguage, initI18n } from './shared/i18n/i18n.ts';
import './shared/ui/global.css';

const root = document.getElementById('root');
if (root) {
  await initI18n(detectLanguage());
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
