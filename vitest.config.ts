import { resolve } from 'node:path'
import { lingui } from '@lingui/vite-plugin'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    // Tests start servers and child processes; two workers match the two cores here.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: { name: 'node', include: ['src-*/**/*.test.ts', 'test/**/*.test.ts'] },
      },
      {
        // The page's components, compiled as the renderer build compiles them (Lingui's macros and
        // catalogs, JSX, the @shared alias) and rendered in a DOM.
        extends: true,
        plugins: [lingui({ macroTransform: true }), react()],
        resolve: { alias: { '@shared': resolve(import.meta.dirname, 'src-shared') } },
        test: {
          name: 'renderer',
          include: ['src-*/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['src-renderer/src/test/setup.ts'],
        },
      },
    ],
  },
})
