// The built main process's wiring at start-up, under the recording stand-in for electron (see
// built-main-harness.ts): what it asks of Electron before ready and after, and the one window.
import { existsSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { CHANNELS } from '../../src-shared/ipc'
import { APP_SCHEME, APP_URL, secureWebPreferences } from '../../src-main/window-security'
import { describeWithTestKeyring } from '../helpers/test-keyring'
import {
  argsOf,
  callsTo,
  PRELOAD,
  startUnpackaged,
  useStandInChildren,
  webPreferencesOf,
} from './built-main-harness'
import { MAIN_ENTRY } from './stand-in-child'
import type { Recording } from './stand-in-protocol'

describeWithTestKeyring('the built main process under a recording stand-in for electron', () => {
  describe('unpackaged, serving the built page over its own scheme', () => {
    const children = useStandInChildren()
    let beforeReady: Recording
    let afterReady: Recording
    let userData = ''

    beforeAll(async () => {
      ;({ beforeReady, afterReady, userData } = await startUnpackaged(children))
    })

    it('runs out/main/index.js itself and breaks no Electron rule the stand-in enforces', () => {
      expect(afterReady.mainModule).toBe(MAIN_ENTRY)
      expect(afterReady.violations).toEqual([])
    })

    it('takes the single-instance lock before ready and does not quit', () => {
      expect(callsTo(beforeReady, 'app.requestSingleInstanceLock')).toHaveLength(1)
      expect(callsTo(afterReady, 'app.quit')).toEqual([])
    })

    it('registers its scheme as privileged before ready and handles it after', () => {
      const registered = callsTo(beforeReady, 'protocol.registerSchemesAsPrivileged')
      expect(registered).toHaveLength(1)
      const [schemes] = registered[0]?.args ?? []
      expect(schemes).toEqual([
        expect.objectContaining({
          scheme: APP_SCHEME,
          privileges: expect.objectContaining({ standard: true, secure: true }),
        }),
      ])
      expect(JSON.stringify(schemes)).not.toMatch(/"bypassCSP":true/)
      expect(callsTo(afterReady, 'protocol.handle')).toEqual([
        { api: 'protocol.handle', args: [APP_SCHEME, '[function]'], afterReady: true },
      ])
    })

    it('honours the data-folder override when unpackaged', () => {
      expect(argsOf(beforeReady, 'app.setPath')).toEqual([['userData', userData]])
    })

    it('registers exactly the contract channels with ipcMain.handle', () => {
      expect(argsOf(afterReady, 'ipcMain.handle').map(([channel]) => channel)).toEqual([
        ...CHANNELS,
      ])
    })

    it('opens one window with the secure preferences and the built preload, on the app URL', () => {
      expect(callsTo(afterReady, 'new BrowserWindow')).toHaveLength(1)
      const preferences = webPreferencesOf(afterReady)
      expect(preferences).toEqual(secureWebPreferences(PRELOAD, false))
      // Spelled out as well: the shared function changing must not carry this test along with it.
      expect(preferences).toMatchObject({
        preload: PRELOAD,
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        webSecurity: true,
        devTools: false,
      })
      expect(existsSync(PRELOAD)).toBe(true)
      expect(argsOf(afterReady, 'webContents.loadURL')).toEqual([[APP_URL]])
    })
  })
})
