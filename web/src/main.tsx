import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { LanguageProvider } from './i18n/language.js';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <LanguageProvider>
    <App />
  </LanguageProvider>,
);
