import { expect, type Page } from '@playwright/test'
import type { EnvironmentKind } from '../../src-shared/environments'
import type { RunningSandbox } from '../../src-sandbox/server'
import {
  buildRendererApi,
  type ChannelInput,
  type RendererApi,
  type Result,
} from '../../src-shared/ipc'

type PageApi = Record<string, Record<string, (input: unknown) => Promise<unknown>>>

/**
 * A typed client over the API object the page itself was given, for arranging a test's state
 * without the screens. It reaches the same main-process core as the page, in the renderer
 * project and in the Electron window alike.
 */
export function consoleApi(app: Page): RendererApi {
  return buildRendererApi(
    (channel, input) =>
      app.evaluate(
        ([name, value]) => {
          const [group = '', method = ''] = name.split(':')
          const api = (window as unknown as { integratorConsole: PageApi }).integratorConsole
          const call = api[group]?.[method]
          if (!call) throw new Error(`the page has no API method for ${name}`)
          return call(value)
        },
        [channel, input] as const,
      ),
    () => {
      throw new Error('the test client arranges state; it does not listen to events')
    },
  )
}

async function succeeded<T>(call: Promise<Result<T>>): Promise<T> {
  const result = await call
  if (!result.ok)
    throw new Error(`arranging failed: ${result.error.code} ${result.error.said.text}`)
  return result.data
}

export async function arrangeUser(
  app: Page,
  user: ChannelInput<'users:create'>['user'],
): Promise<void> {
  await succeeded(consoleApi(app).users.create({ user }))
}

interface ArrangedEnvironment {
  name: string
  baseUrl: string
  kind: EnvironmentKind
  apiKey: string
  secretKey: string
  /** Only for authenticating by user identifier (the console hashes it with this). */
  userTokenSecret?: string
  /** How long a call may take; longer for a spec that holds calls on the sandbox. */
  timeoutMs?: number
}

/**
 * Adds an environment with its credentials and makes it the active one. The page read the
 * environment list when it opened, so it is opened again to show the new one.
 */
async function arrangeActiveEnvironment(
  app: Page,
  environment: ArrangedEnvironment,
): Promise<void> {
  const api = consoleApi(app)
  const { id } = await succeeded(
    api.environments.save({
      name: environment.name,
      baseUrl: environment.baseUrl,
      kind: environment.kind,
      userTokenScheme: 'hmac-sha256-hex',
      timeoutMs: environment.timeoutMs ?? 15_000,
    }),
  )
  await succeeded(api.environments.setSecret({ id, name: 'apiKey', value: environment.apiKey }))
  await succeeded(
    api.environments.setSecret({ id, name: 'secretKey', value: environment.secretKey }),
  )
  if (environment.userTokenSecret !== undefined)
    await succeeded(
      api.environments.setSecret({
        id,
        name: 'userTokenSecret',
        value: environment.userTokenSecret,
      }),
    )
  await succeeded(api.environments.select({ id }))
  await app.reload()
  await expect(app.getByLabel('Environment', { exact: true })).toHaveValue(id)
}

/** An environment on a running sandbox, with all of its credentials, made the active one. */
export function arrangeEnvironmentOn(
  app: Page,
  sandbox: RunningSandbox,
  environment: { name: string; kind: EnvironmentKind; timeoutMs?: number },
): Promise<void> {
  return arrangeActiveEnvironment(app, {
    ...environment,
    baseUrl: sandbox.baseUrl,
    apiKey: sandbox.credentials.apiKey,
    secretKey: sandbox.credentials.secretKey,
    userTokenSecret: sandbox.credentials.userTokenSecret,
  })
}
