// The browser build of tus-js-client (XMLHttpRequest, localStorage), which Vite picks for the app by
// the package's `browser` field. Tests under jsdom would get its Node build; they load this one by
// name so they drive the same code as the browser, with the same types.
declare module 'tus-js-client/lib.esm/browser/index.js' {
  export * from 'tus-js-client';
}
