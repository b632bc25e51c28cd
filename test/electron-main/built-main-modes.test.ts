// The built main process packaged and with a development server, under the recording stand-in
// for electron (see built-main-harness.ts): which page it loads, with which preferences, and
// which of the unpackaged hooks it ignores.
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { LOCAL_SANDBOX_ID } from '../../src-shared/environments'
import { APP_URL, secureWebPreferences } from '../../src-main/window-security'
import { describeWithTestKeyring, throwawayKeychainService } from '../helpers/test-keyring'
import {
  argsOf,
  DEV_URL,
  invoke,
  PRELOAD,
  secretTool,
  TRUSTED,
  useStandInChildren,
  webPreferencesOf,
} from './built-main-harness'
import { PACKAGED_ENV } from './stand-in-protocol'

describeWithTestKeyring('the built main process under a recording stand-in for electron', () => {
  const { tempDir, startChild } = useStandInChildren()

  describe('packaged and development-server modes', () => {
    it('packaged: loads the app scheme and ignores the dev-server, data-folder and keychain hooks', async () => {
      const home = tempDir('stand-in-home')
      const override = tempDir('stand-in-ignored-data')
      const ignoredService = throwawayKeychainService()
      const child = await startChild(
        {
          [PACKAGED_ENV]: '1',
          ELECTRON_RENDERER_URL: DEV_URL,
          INTEGRATOR_CONSOLE_USER_DATA: override,
          INTEGRATOR_CONSOLE_KEYCHAIN_SERVICE: ignoredService,
        },
        home,
      )
      const recording = await child.request({ kind: 'ready' })
      expect(recording.violations).toEqual([])
      expect(argsOf(recording, 'webContents.loadURL')).toEqual([[APP_URL]])
      expect(webPreferencesOf(recording)).toEqual(secureWebPreferences(PRELOAD, false))
      expect(webPreferencesOf(recording)).toMatchObject({ devTools: false })

      // Electron's own userData rule under the child's HOME, not the override.
      const userData = join(home, '.config', 'integrator-console')
      expect(argsOf(recording, 'app.setPath')).toEqual([['userData', userData]])

      expect(await invoke(child, 'app:info', { url: DEV_URL, parent: null })).toMatchObject({
        ok: false,
        error: { code: 'FORBIDDEN' },
      })
      // Starting the embedded sandbox writes its credentials and database: neither goes where the
      // ignored hooks point.
      const retrieved = await invoke(child, 'users:retrieve', TRUSTED, { token: 'nobody-here' })
      expect(retrieved).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } })
      expect(readdirSync(override)).toEqual([])
      expect(existsSync(join(userData, 'sandbox'))).toBe(true)
      await expect(
        secretTool('lookup', 'service', ignoredService, 'username', `${LOCAL_SANDBOX_ID}/apiKey`),
      ).rejects.toThrow()
    })

    it('unpackaged with a loopback dev server: loads it, with devTools', async () => {
      const child = await startChild({
        ELECTRON_RENDERER_URL: DEV_URL,
        INTEGRATOR_CONSOLE_USER_DATA: tempDir('stand-in-data'),
        INTEGRATOR_CONSOLE_KEYCHAIN_SERVICE: throwawayKeychainService(),
      })
      const recording = await child.request({ kind: 'ready' })
      expect(recording.violations).toEqual([])
      expect(argsOf(recording, 'webContents.loadURL')).toEqual([[DEV_URL]])
      expect(webPreferencesOf(recording)).toEqual(secureWebPreferences(PRELOAD, true))
      expect(await invoke(child, 'app:info', { url: DEV_URL, parent: null })).toMatchObject({
        ok: true,
      })
    })

    it('unpackaged with a non-loopback dev server URL: loads the app scheme', async () => {
      const evil = 'http://evil.example/'
      const child = await startChild({
        ELECTRON_RENDERER_URL: evil,
        INTEGRATOR_CONSOLE_USER_DATA: tempDir('stand-in-data'),
        INTEGRATOR_CONSOLE_KEYCHAIN_SERVICE: throwawayKeychainService(),
      })
      const recording = await child.request({ kind: 'ready' })
      expect(recording.violations).toEqual([])
      expect(argsOf(recording, 'webContents.loadURL')).toEqual([[APP_URL]])
      expect(webPreferencesOf(recording)).toEqual(secureWebPreferences(PRELOAD, false))
      expect(await invoke(child, 'app:info', { url: evil, parent: null })).toMatchObject({
        ok: false,
        error: { code: 'FORBIDDEN' },
      })
    })
  })
})
