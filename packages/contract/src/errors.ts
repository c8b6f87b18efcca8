import { z } from 'zod';

/** Every error answer of the API has this shape, whatever the status. */
export const errorReplySchema = z.object({ message: z.string() });
export type ErrorReply = z.infer<typeof errorReplySchema>;

/** The body of every 5xx answer: the real cause is logged, never sent. */
export const SERVER_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';
export const NOT_FOUND_MESSAGE = 'Not found';
