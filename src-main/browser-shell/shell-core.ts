import { createCore, type Core } from '../core/create-core'
import { defaultDataDirectory } from '../core/storage/data-directory'
import { testHooks } from '../core/wiring/test-hooks'

/** The core of the browser shell: the user's data folder, or the one a test names. */
export function shellCore(version: string): Core {
  const hooks = testHooks(process.env, false)
  return createCore({
    dataDirectory: hooks.dataDirectory ?? defaultDataDirectory(),
    version,
    face: 'browser-shell',
    ...(hooks.keychainService ? { keychainService: hooks.keychainService } : {}),
  })
}
