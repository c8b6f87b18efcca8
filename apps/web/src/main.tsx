import { resolveBrand } from '@app/brands';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { configureApiClient } from './lib/api-client';
import { clearExpiredSession } from './lib/session';
import { applyBrandTheme } from './lib/theme';
import './app/global.css';

// Before the first render, so the overlay already wears the brand's colours and no expired
// session flashes a signed-in menu.
const brand = resolveBrand(window.location.hostname);
applyBrandTheme(brand);
configureApiClient(brand, window.location.hostname);
clearExpiredSession();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
