import { relative, resolve } from 'node:path'
import { lingui } from '@lingui/vite-plugin'
import react from '@vitejs/plugin-react'
import { configDefaults, defineConfig } from 'vitest/config'
import { BaseSequencer, type TestSpecification } from 'vitest/node'
import { BUILD_TEST_FILES } from './test/build-project/built-tests'

/**
 * The slowest files, slowest first (a CI run's durations). A clean clone has no durations cached,
 * and Vitest then starts the largest files first: one of these started near the end would keep
 * one worker busy long after the other ran out of files.
 */
const SLOWEST = [
  'test/bench/bench-smoke.test.ts',
  'test/quick-start.test.ts',
  'test/cli/cli-bulk-endings.test.ts',
  'test/cli/cli-proxy.test.ts',
  'test/cli/cli-env-transfer.test.ts',
  'src-main/core/keychain/keychain-bounded.test.ts',
  'test/cli/cli-users-jwt.test.ts',
  'test/cli/cli-environments.test.ts',
]

/** Vitest's order (failed first, then by cached duration or size), the slowest files before it. */
class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const at = SLOWEST.indexOf(relative(import.meta.dirname, file.moduleId).replaceAll('\\', '/'))
      return at === -1 ? SLOWEST.length : at
    }
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b))
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: SlowestFirst },
    // Tests start servers and child processes; two workers match the two cores here.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // A focused test (`it.only`) fails the run here as in CI, instead of skipping all the others.
    allowOnly: false,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['src-*/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...BUILD_TEST_FILES],
        },
      },
      {
        // The tests that read out/: they start once the parts they read are built from the
        // sources as they are now, or the run stops on one line saying what to build.
        extends: true,
        test: {
          name: 'build',
          include: BUILD_TEST_FILES,
          globalSetup: ['test/build-project/fresh-build.ts'],
        },
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
