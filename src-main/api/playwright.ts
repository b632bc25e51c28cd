// `import { test, expect } from 'integrator-console/playwright'`: Playwright's test with a sandbox
// for each worker, users made for each test and session JWTs for them (docs/node-api.md).
import {
  test as base,
  type PlaywrightTestArgs,
  type PlaywrightTestOptions,
  type PlaywrightWorkerArgs,
  type PlaywrightWorkerOptions,
  type TestType,
} from '@playwright/test'
import { dirname, isAbsolute, resolve } from 'node:path'
import { createClient, type Client } from './client'
import { startSandbox, type Sandbox, type SandboxStartOptions } from './sandbox'
import { faultsOf } from './sandbox-faults'
import type { NewUser, UserRecord } from './types'

export { expect } from '@playwright/test'

/** Makes users on the worker's sandbox for one test; they are gone when the test ends. */
export interface UserFactory {
  /** One user, or an array in order; fields left out get none (only `token` and `status` are needed). */
  create(user: NewUser): Promise<UserRecord>
  create(users: readonly NewUser[]): Promise<UserRecord[]>
}

export interface IntegratorTestFixtures {
  /** Runs by itself: after each test the worker's sandbox holds its seed alone again. */
  sandboxReset: undefined
  users: UserFactory
  /** A session JWT for a user (its token, or the user itself), issued by the sandbox now. */
  jwtFor: (user: string | { token: string }) => Promise<string>
}

/**
 * A worker's sandbox, as the config's `use` sets it: its seed (users, or a file named from the
 * config's folder), credentials and faults. Never a port or a database file: each worker's
 * sandbox takes a free port and keeps its users to itself.
 */
export type WorkerSandboxOptions = Omit<SandboxStartOptions, 'port' | 'databasePath'>

export interface IntegratorWorkerFixtures {
  sandboxOptions: WorkerSandboxOptions
  /** This worker's own sandbox, in its process: no other worker's tests see its users. */
  sandbox: Sandbox
  /** The console's calls on this worker's sandbox. */
  client: Client
}

export const test: TestType<
  PlaywrightTestArgs & PlaywrightTestOptions & IntegratorTestFixtures,
  PlaywrightWorkerArgs & PlaywrightWorkerOptions & IntegratorWorkerFixtures
> = base.extend<IntegratorTestFixtures, IntegratorWorkerFixtures>({
  sandboxOptions: [{}, { option: true, scope: 'worker' }],
  sandbox: [
    async ({ sandboxOptions }, use, workerInfo) => {
      const sandbox = await startSandbox(
        workerSandbox(sandboxOptions, workerInfo.config.configFile),
      )
      await use(sandbox)
      await sandbox.close()
    },
    { scope: 'worker' },
  ],
  client: [
    async ({ sandbox }, use) => {
      const client = await createClient({ url: sandbox.url, ...sandbox.credentials })
      await use(client)
      await client.close()
    },
    { scope: 'worker' },
  ],
  sandboxReset: [
    async ({ sandbox, sandboxOptions }, use) => {
      await use(undefined)
      // The next test on this worker starts from the seed alone and the faults it was started
      // with, whatever this one made or set, by the factory or through the app under test.
      sandbox.reset()
      sandbox.setFaults(faultsOf(sandboxOptions.faults))
    },
    { auto: true },
  ],
  users: async ({ client }, use) => {
    const create = (given: NewUser | readonly NewUser[]) =>
      Array.isArray(given) ? client.createUsers(given) : client.createUser(given as NewUser)
    await use({ create } as UserFactory)
  },
  jwtFor: async ({ client }, use) => {
    await use(
      async (user) => (await client.issueJwt(typeof user === 'string' ? user : user.token)).jwt,
    )
  },
})

/** The options a worker's sandbox starts with: a seed file found from the config's folder. */
export function workerSandbox(
  options: WorkerSandboxOptions,
  configFile: string | undefined,
): SandboxStartOptions {
  for (const refused of ['port', 'databasePath'] as const)
    if (refused in options)
      throw new TypeError(
        `sandboxOptions.${refused}: each worker's sandbox takes its own; it cannot be set`,
      )
  const { seed } = options
  if (typeof seed !== 'string' || isAbsolute(seed) || configFile === undefined) return options
  return { ...options, seed: resolve(dirname(configFile), seed) }
}
