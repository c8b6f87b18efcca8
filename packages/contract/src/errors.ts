import { z } from './zod';

/** Every error answer of the API has this shape, whatever the status. */
export const errorReplySchema = z.object({ message: z.string() });
export type ErrorReply = z.infer<typeof errorReplySchema>;

/** The body of every 5xx answer: the real cause is logged, never sent. */
export const SERVER_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';
export const NOT_FOUND_MESSAGE = 'Not found';
/** The body of a 503 while the database is out of reach (a restart): nothing was changed. */
/** Two requests wrote the same unique row at once: the later one is told, not failed. */
export const CONFLICT_MESSAGE = 'Someone else changed this at the same moment. Please reload and try again.';
/** An upload in progress when the server began to stop (a restart or a new release). */
export const SHUTTING_DOWN_MESSAGE =
  'The server is restarting and your upload was stopped. Please send it again in a minute.';
export const UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a minute.';
