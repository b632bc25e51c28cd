import type { Handlers } from '../wiring/dispatcher'
import type { CoreContext } from '../wiring/core-context'
import { confirmWrite } from '../client/write-confirmation'
import { updateOver } from '../client/update-guard'

export function userHandlers(
  context: CoreContext,
): Pick<Handlers, 'users:create' | 'users:update' | 'users:retrieve'> {
  /** A write's client, once a production environment's name has been given as confirmation. */
  async function writeClient(confirmEnvironment: string | undefined) {
    const { client, profile } = await context.activeClient()
    await confirmWrite(profile, confirmEnvironment, 1, context.confirmWrite)
    return client
  }
  return {
    'users:create': async ({ user, confirmEnvironment }) =>
      (await writeClient(confirmEnvironment)).create(user),
    'users:update': async ({ changes, base, confirmEnvironment }) =>
      updateOver(await writeClient(confirmEnvironment), base, changes),
    'users:retrieve': async ({ token }) => (await context.activeClient()).client.retrieve(token),
  }
}
