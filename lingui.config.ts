import { defineConfig } from '@lingui/conf'
import { formatter } from '@lingui/format-po'

/**
 * English is the source language: messages are written in English in the code and extracted by
 * `npm run i18n:extract` into a catalog per language. One catalog per renderer feature folder
 * (each feature's screens and their words travel together), one for the page's shell and shared
 * components, and one for the messages of the shared schemas and the core, which every face uses
 * (the window, the browser shell and the command line).
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es'],
  fallbackLocales: false,
  format: formatter({ lineNumbers: false }),
  catalogs: [
    {
      path: '<rootDir>/src-shared/messages/locales/{locale}',
      include: ['<rootDir>/src-shared'],
      exclude: ['**/*.test.ts'],
    },
    {
      path: '<rootDir>/src-renderer/src/locales/{locale}',
      include: [
        '<rootDir>/src-renderer/src/app',
        '<rootDir>/src-renderer/src/components',
        '<rootDir>/src-renderer/src/lib',
        '<rootDir>/src-renderer/src/i18n',
      ],
    },
    {
      path: '<rootDir>/src-renderer/src/features/{name}/locales/{locale}',
      include: ['<rootDir>/src-renderer/src/features/{name}'],
    },
  ],
})
