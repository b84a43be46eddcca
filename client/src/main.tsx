import './contentSecurityPolicy.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n/index.ts';
import './index.css';
import { App } from './App.tsx';
import { initialLanguage, keepDocumentLanguageInStep, switchLanguage } from './i18n/appLanguage.ts';

switchLanguage(initialLanguage());
keepDocumentLanguageInStep();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
