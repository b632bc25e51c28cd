import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import { lingui } from '@lingui/vite-plugin'
import react from '@vitejs/plugin-react'
import type { Plugin } from 'vite'
import {
  CONTENT_SECURITY_POLICY,
  developmentContentSecurityPolicy,
} from './src-main/core/page/content-security-policy'
import { pureSchemas } from './scripts/pure-schemas-plugin'

/** The page's CSP comes from the same module the tests check; dev adds what Vite's HMR needs. */
function contentSecurityPolicy(): Plugin {
  let policy = CONTENT_SECURITY_POLICY
  return {
    name: 'integrator-console-csp',
    configureServer(server) {
      server.httpServer?.once('listening', () => {
        const address = server.resolvedUrls?.local[0]
        if (address) policy = developmentContentSecurityPolicy(new URL(address).origin)
      })
    },
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: policy },
        injectTo: 'head-prepend',
      },
    ],
  }
}

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: { input: { index: resolve(import.meta.dirname, 'src-main/index.ts') } },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload cannot require anything but 'electron': bundle every dependency
      // into one CommonJS file.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(import.meta.dirname, 'src-main/preload/index.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs', inlineDynamicImports: true },
      },
    },
  },
  renderer: {
    root: 'src-renderer',
    resolve: { alias: { '@shared': resolve(import.meta.dirname, 'src-shared') } },
    // Lingui turns its macros into catalog lookups (natively, no Babel pass) and compiles each
    // .po catalog the page imports; a message without a translation fails the build.
    plugins: [
      lingui({ macroTransform: true, failOnMissing: true, failOnCompileError: true }),
      react(),
      pureSchemas(),
      contentSecurityPolicy(),
    ],
    build: {
      outDir: 'out/renderer',
      minify: true,
      // Which chunks each screen needs, for `npm run size` (scripts/renderer-size.mjs).
      manifest: true,
      rollupOptions: {
        input: { index: resolve(import.meta.dirname, 'src-renderer/index.html') },
        // A language's catalogs travel together: one request, and gzip sees them as one text.
        output: {
          manualChunks: (id) => /\/locales\/(\w+)\.po$/.exec(id)?.[1]?.replace(/^/, 'messages-'),
        },
      },
    },
  },
})
