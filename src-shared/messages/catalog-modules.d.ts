// A Lingui .po catalog, imported through the Lingui Vite plugin (the page): its messages, compiled.
// What runs outside Vite imports the shared catalog's compiled module instead (es.compiled.ts).
declare module '*.po' {
  export const messages: import('@lingui/core').Messages
}
