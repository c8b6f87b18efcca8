import { loadBrand } from '@app/brands/load-brand';
import { resolveBrandId } from '@app/brands/start';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadRouteGroup } from './brands/route-groups';
import { clearExpiredSession } from './lib/session';
import './app/global.css';

const brandId = resolveBrandId(window.location.hostname);
// The brand's configuration and pages download side by side from here on; App waits for the same
// modules and reports a failure.
void Promise.allSettled([loadBrand(brandId), loadRouteGroup(brandId)]);
// Before the first render, so no expired session flashes a signed-in menu.
clearExpiredSession();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);
// In a transition React renders in short slices and lets the browser paint and answer input in
// between, instead of one long task on a slow phone; the overlay from index.html stays until then.
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
