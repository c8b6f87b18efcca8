/**
 * The id of the JSON block in which a page the server drew carries its data to the browser (a
 * `<script type="application/json">`, never run, so the CSP is unchanged). The API writes it; the
 * web app's boot script and main.tsx look for it.
 */
export const PAGE_DATA_ID = 'page-data';
