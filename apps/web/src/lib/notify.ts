/** SPEC.md section 9: toasts close after 3 seconds. */
export const TOAST_MS = 3000;

type Toastify = typeof import('react-toastify');

// react-toastify is fetched on the first toast so it stays out of the first paint; toasts raised
// before its container mounts are queued by the library and shown once it does.
let toastify: Promise<Toastify> | null = null;
const listeners = new Set<() => void>();

export function loadToastify(): Promise<Toastify> {
  if (!toastify) {
    toastify = import('react-toastify');
    for (const listener of listeners) listener();
  }
  return toastify;
}

/** Whether anything has asked for a toast yet (the app mounts the container from then on). */
export function toastsRequested(): boolean {
  return toastify !== null;
}

export function subscribeToToastRequests(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function show(kind: 'success' | 'error' | 'info', message: string): void {
  loadToastify().then(
    ({ toast }) => toast[kind](message),
    (cause: unknown) => console.error('Notifications could not be loaded', cause),
  );
}

/** Top-right toasts that close after TOAST_MS. */
export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
};
