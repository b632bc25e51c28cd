// A Lingui .po catalog, imported through the Lingui Vite plugin (the page) or scripts/lingui-esbuild
// (the command line): its messages, compiled.
declare module '*.po' {
  export const messages: import('@lingui/core').Messages
}
