/**
 * Lets the browser paint and answer input before the next piece of work. Beside the entry (not in
 * src/lib, the shared chunk) so the entry can use it before that chunk is loaded.
 */
export const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
