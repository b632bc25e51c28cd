import type { Page } from '@playwright/test'
import type { Core } from '../../src-main/core/create-core'
import { CHANNELS } from '../../src-shared/ipc'

/**
 * Test-only stand-in for the preload: the same API object (one method per contract channel),
 * whose methods reach the real main-process core running in this Node process. It exists only
 * here; the shipped app has no such transport.
 */
export async function installBridge(page: Page, core: Core): Promise<void> {
  await page.exposeFunction('__integratorConsoleInvoke', (channel: string, input: unknown) =>
    core.dispatch(channel, input ?? undefined),
  )
  await page.addInitScript((channels: string[]) => {
    type Invoke = (channel: string, input: unknown) => Promise<unknown>
    const invoke = (globalThis as unknown as { __integratorConsoleInvoke: Invoke })
      .__integratorConsoleInvoke
    const api: Record<string, Record<string, (input?: unknown) => Promise<unknown>>> = {}
    for (const channel of channels) {
      const [group = '', method = ''] = channel.split(':')
      api[group] ??= {}
      api[group][method] = (input?: unknown) => invoke(channel, input)
    }
    Object.defineProperty(globalThis, 'integratorConsole', { value: Object.freeze(api) })
  }, CHANNELS)
}
