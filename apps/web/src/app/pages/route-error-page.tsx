import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** Shown in place of a page that failed to render or load (a stale chunk after a deploy, say). */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <div role="alert">
      <h1>Something went wrong</h1>
      <p>
        This page could not be shown{detail ? ` (${detail})` : ''}. Please reload the page or try again later.
      </p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </div>
  );
}
