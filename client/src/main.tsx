import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { loadLocale, setupI18n } from './shared/i18n.ts';
import { session } from './shared/session/session-store.ts';

const { locale } = session.get();
setupI18n(locale);
document.documentElement.lang = locale;

// docs/product.md §3 uploads count: leaving the page mid-upload asks first (the browser shows its own text).
window.addEventListener('beforeunload', (event) => {
  if (session.get().uploads > 0) event.preventDefault();
});

// Render once the user's catalogue is in, so a pt-BR user never sees a flash of Spanish.
void loadLocale(locale)
  .catch(() => undefined)
  .finally(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
