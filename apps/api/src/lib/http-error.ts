/**
 * An error whose message is meant for the caller: the error handler answers `{ message }` with
 * this status. Any other thrown error becomes a 500 with the generic message.
 */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}
