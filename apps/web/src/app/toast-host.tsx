import { lazy, Suspense, useSyncExternalStore } from 'react';
import { subscribeToToastRequests, toastsRequested } from '../lib/notify';

const ToastContainerLazy = lazy(() =>
  import('./toast-container').then((m) => ({ default: m.AppToastContainer })),
);

/** Mounts the toast container once the first toast is asked for (see lib/notify). */
export function ToastHost() {
  const requested = useSyncExternalStore(subscribeToToastRequests, toastsRequested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainerLazy />
    </Suspense>
  );
}
