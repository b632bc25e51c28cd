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
import { createClient, type Client } from './client'
import { seedOf, startWorkerSandbox, type Sandbox } from './sandbox'
import { faultsOf } from './sandbox-faults'
import type { NewUser, UserRecord } from './types'
import { fromFolderOf, workerSandbox, type WorkerSandboxOptions } from './worker-options'

export { expect } from '@playwright/test'
export { workerSandbox, type WorkerSandboxOptions } from './worker-options'

/** Makes users on the worker's sandbox for one test; they are gone when the test ends. */
export interface UserFactory {
  /** One user, or an array in order; fields left out get none (only `token` and `status` are needed). */
  create(user: NewUser): Promise<UserRecord>
  create(users: readonly NewUser[]): Promise<UserRecord[]>
  /**
   * The users of a JSON or CSV file, as a seed file holds them (found from the test file's
   * folder), created in order; a user the service would refuse sends none, naming its field.
   */
  fromFile(path: string): Promise<UserRecord[]>
}

export interface IntegratorTestFixtures {
  /** Runs by itself: after each test the worker's sandbox holds its seed alone again. */
  sandboxReset: undefined
  users: UserFactory
  /** A session JWT for a user (its token, or the user itself), issued by the sandbox now. */
  jwtFor: (user: string | { token: string }) => Promise<string>
}

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
      const sandbox = await startWorkerSandbox(
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
  users: async ({ client }, use, testInfo) => {
    const create = (given: NewUser | readonly NewUser[]) =>
      Array.isArray(given) ? client.createUsers(given) : client.createUser(given as NewUser)
    const fromFile = (path: string) => client.createUsers(seedOf(fromFolderOf(path, testInfo.file)))
    await use({ create, fromFile } as UserFactory)
  },
  jwtFor: async ({ client }, use) => {
    await use(
      async (user) => (await client.issueJwt(typeof user === 'string' ? user : user.token)).jwt,
    )
  },
})
