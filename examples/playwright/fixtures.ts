import { test as base } from 'integrator-console/playwright'
import { startMembersApp } from './members-app'

/** The suite's own fixture: the app under test, one for each worker, on that worker's sandbox. */
export const test = base.extend<object, { membersApp: string }>({
  membersApp: [
    async ({ sandbox }, use) => {
      const app = await startMembersApp({ url: sandbox.url, ...sandbox.credentials })
      await use(app.url)
      await app.close()
    },
    { scope: 'worker' },
  ],
})

export { expect } from 'integrator-console/playwright'
