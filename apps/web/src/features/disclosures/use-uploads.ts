import { useCallback, useEffect, useRef, useState } from 'react';
import { type ClipUpload, type UploadFailure, uploadFile } from './api/upload-file';

/** One file being uploaded in this page, as its card shows it. */
export interface UploadItem {
  key: number;
  name: string;
  size: number;
  state: 'starting' | 'sending' | 'paused' | 'failed';
  sent: number;
  /** Bytes a second over the last few seconds; null until measured. */
  speed: number | null;
  /** The upload's address on the server, once created. */
  url: string | null;
  failure: UploadFailure | null;
  /** Counts refusals and drops, so each brings its message into view. */
  failures: number;
}

/** Speed is measured over this window, so a stall shows within seconds. */
const WINDOW_MS = 5_000;
/** At most this often a card is redrawn with new progress. */
const DRAW_MS = 250;

/** Drops a redraw still waiting, so a late one does not undo a pause or a failure. */
function stopRedraw(state: Live | undefined) {
  if (state?.redraw) clearTimeout(state.redraw);
  if (state) state.redraw = null;
}

interface Live {
  upload: ClipUpload | null;
  samples: { at: number; sent: number }[];
  drawnAt: number;
  /** A redraw waiting for its turn, so the last progress of a burst is drawn too. */
  redraw: ReturnType<typeof setTimeout> | null;
}

/**
 * The uploads started on this page: starts several at once, measures each one's speed, and pauses,
 * resumes and cancels them. A dropped connection is retried by tus; when it comes back after the
 * retries are over (the browser's `online` event) the dropped uploads resume by themselves.
 */
export function useUploads(endpoint: string, onFinished: (name: string) => void) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const live = useRef(new Map<number, Live>());
  const nextKey = useRef(1);
  const finished = useRef(onFinished);
  finished.current = onFinished;

  const update = useCallback((key: number, change: (item: UploadItem) => Partial<UploadItem>) => {
    setItems((all) => all.map((item) => (item.key === key ? { ...item, ...change(item) } : item)));
  }, []);

  const start = useCallback(
    (files: File[]) => {
      for (const file of files) {
        const key = nextKey.current++;
        const state: Live = { upload: null, samples: [], drawnAt: 0, redraw: null };
        live.current.set(key, state);
        setItems((all) => [
          ...all,
          {
            key,
            name: file.name,
            size: file.size,
            state: 'starting',
            sent: 0,
            speed: null,
            url: null,
            failure: null,
            failures: 0,
          },
        ]);
        uploadFile(endpoint, file, {
          onStarted: (url) => update(key, () => ({ url })),
          onProgress: (sent, total) => {
            const now = performance.now();
            state.samples = [...state.samples.filter((s) => now - s.at <= WINDOW_MS), { at: now, sent }];
            const draw = () => {
              state.redraw = null;
              state.drawnAt = performance.now();
              const first = state.samples[0];
              const last = state.samples.at(-1);
              const span = first && last ? last.at - first.at : 0;
              const speed = first && last && span >= 500 ? ((last.sent - first.sent) * 1000) / span : null;
              update(key, () => ({ state: 'sending', sent: last?.sent ?? sent, speed }));
            };
            if (state.redraw) return;
            const wait = DRAW_MS - (now - state.drawnAt);
            if (wait <= 0 || sent >= total) draw();
            else state.redraw = setTimeout(draw, wait);
          },
          onSuccess: () => {
            stopRedraw(state);
            live.current.delete(key);
            setItems((all) => all.filter((item) => item.key !== key));
            finished.current(file.name);
          },
          onError: (failure) => {
            stopRedraw(state);
            update(key, (item) => ({
              // A refusal (4xx) cannot be resumed; a drop or a server error can.
              state: failure.status !== null && failure.status < 500 ? 'failed' : 'paused',
              speed: null,
              failure,
              failures: item.failures + 1,
            }));
          },
        })
          .then((upload) => {
            state.upload = upload;
          })
          .catch(() =>
            update(key, (item) => ({
              state: 'failed',
              failure: {
                status: null,
                message: 'The uploader could not be loaded. Reload the page and try again.',
              },
              failures: item.failures + 1,
            })),
          );
      }
    },
    [endpoint, update],
  );

  const pause = useCallback(
    async (key: number) => {
      const state = live.current.get(key);
      await state?.upload?.pause();
      stopRedraw(state);
      update(key, () => ({ state: 'paused', speed: null }));
    },
    [update],
  );

  const resume = useCallback(
    (key: number) => {
      const state = live.current.get(key);
      if (!state?.upload) return;
      state.samples = [];
      update(key, () => ({ state: 'sending', failure: null, speed: null }));
      state.upload.resume();
    },
    [update],
  );

  const cancel = useCallback(async (key: number) => {
    const state = live.current.get(key);
    stopRedraw(state);
    live.current.delete(key);
    setItems((all) => all.filter((item) => item.key !== key));
    await state?.upload?.cancel().catch(() => undefined);
  }, []);

  // The connection came back: uploads that dropped (not those the operator paused) carry on.
  const itemsRef = useRef(items);
  itemsRef.current = items;
  useEffect(() => {
    const onOnline = () => {
      for (const item of itemsRef.current) {
        if (item.state === 'paused' && item.failure && item.failure.status === null) resume(item.key);
      }
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [resume]);

  // Leaving the page stops the uploads (the server keeps what arrived; choosing the file again resumes).
  useEffect(() => {
    const all = live.current;
    return () => {
      for (const state of all.values()) {
        stopRedraw(state);
        void state.upload?.pause();
      }
    };
  }, []);

  return { items, start, pause, resume, cancel };
}
