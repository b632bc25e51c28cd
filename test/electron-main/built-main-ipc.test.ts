// The built main process's IPC, under the recording stand-in for electron (see
// built-main-harness.ts): every channel reaches the core from the app's own page and from nowhere
// else, and the core's file and confirmation dialogs are the window's own.
import { pathToFileURL } from 'node:url'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { CHANNELS } from '../../src-shared/ipc'
import { APP_SCHEME, APP_URL } from '../../src-main/window-security'
import { describeWithTestKeyring } from '../helpers/test-keyring'
import {
  callsTo,
  DEV_URL,
  invoke,
  RENDERER,
  startUnpackaged,
  TRUSTED,
  useStandInChildren,
  VERSION,
} from './built-main-harness'
import type { StandInChild } from './stand-in-child'
import type { StandInFrame } from './stand-in-protocol'

describeWithTestKeyring('the built main process under a recording stand-in for electron', () => {
  describe('unpackaged, serving the built page over its own scheme', () => {
    const children = useStandInChildren()
    let child: StandInChild

    beforeAll(async () => {
      ;({ child } = await startUnpackaged(children))
    })

    it("answers the app's own top-level page from the core", async () => {
      const info = await invoke(child, 'app:info')
      expect(info).toMatchObject({ ok: true, data: { face: 'electron', version: VERSION } })
      // Every handler reaches the core, whose contract validation refuses an impossible input.
      for (const channel of CHANNELS)
        expect(await invoke(child, channel, TRUSTED, 42), channel).toMatchObject({
          ok: false,
          error: { code: 'VALIDATION' },
        })
    })

    it('refuses subframes, other pages and file:// pages on every channel', async () => {
      const untrusted: [string, StandInFrame | null][] = [
        ['a subframe of the app', { url: APP_URL, parent: TRUSTED }],
        ['a foreign page', { url: 'https://example.com/', parent: null }],
        [
          'the built page over file://',
          { url: pathToFileURL(join(RENDERER, 'index.html')).href, parent: null },
        ],
        [
          'another host on the app scheme',
          { url: `${APP_SCHEME}://evil/index.html`, parent: null },
        ],
        ['the dev server, when not in use', { url: DEV_URL, parent: null }],
        ['a destroyed frame', null],
      ]
      for (const channel of CHANNELS)
        for (const [who, frame] of untrusted)
          expect(await invoke(child, channel, frame), `${channel} from ${who}`).toMatchObject({
            ok: false,
            error: { code: 'FORBIDDEN' },
          })
    })

    it("answers files:choose with the window's own dialogs, modal to it, as grants: a handle and a name", async () => {
      const opened = await invoke(child, 'files:choose', TRUSTED, {
        purpose: 'open',
        format: 'csv',
        allFilesName: 'Todos los archivos',
      })
      expect(opened).toEqual({
        ok: true,
        data: { available: true, file: { handle: expect.any(String), name: 'chosen.csv' } },
      })
      expect(JSON.stringify(opened)).not.toContain('/stand-in/')
      expect(
        await invoke(child, 'files:choose', TRUSTED, {
          purpose: 'save',
          format: 'json',
          suggestedName: 'export.json',
          allFilesName: 'All files',
        }),
      ).toMatchObject({ ok: true, data: { available: true, file: { name: 'saved.csv' } } })
      // The window takes no typed path: only its dialog names a file.
      expect(
        await invoke(child, 'files:typed', TRUSTED, {
          purpose: 'open',
          format: 'csv',
          path: '/stand-in/typed.csv',
        }),
      ).toMatchObject({ ok: false, error: { code: 'VALIDATION' } })
      const recording = await child.request({ kind: 'recording' })
      expect(callsTo(recording, 'dialog.showOpenDialog')[0]?.args).toEqual([
        '[window]',
        expect.objectContaining({
          properties: ['openFile'],
          filters: [
            { name: 'CSV', extensions: ['csv', 'txt'] },
            { name: 'Todos los archivos', extensions: ['*'] },
          ],
        }),
      ])
      expect(callsTo(recording, 'dialog.showSaveDialog')[0]?.args).toEqual([
        '[window]',
        expect.objectContaining({
          defaultPath: 'export.json',
          // Linux asks before replacing a file only when told to; macOS and Windows always do.
          properties: expect.arrayContaining(['showOverwriteConfirmation']),
          filters: [
            { name: 'JSON', extensions: ['json'] },
            { name: 'All files', extensions: ['*'] },
          ],
        }),
      ])
    })

    it("asks main's own dialog before a production write, naming the environment and the count; Cancel writes nothing", async () => {
      const saved = await invoke(child, 'environments:save', TRUSTED, {
        name: 'Producción',
        // Nothing listens on the discard port: a write that passes the dialog fails as not sent.
        baseUrl: 'https://127.0.0.1:9',
        kind: 'production',
        userTokenScheme: 'hmac-sha256-hex',
        timeoutMs: 5000,
      })
      if (!saved.ok) throw new Error(saved.error.said.text)
      const { id } = saved.data
      for (const name of ['apiKey', 'secretKey'] as const)
        await invoke(child, 'environments:setSecret', TRUSTED, {
          id,
          name,
          value: `${name}-12345678`,
        })
      await invoke(child, 'environments:select', TRUSTED, { id })
      const create = {
        user: { token: 'stand-in-user', status: 0 },
        confirmEnvironment: 'Producción',
      }
      const declined = await invoke(child, 'users:create', TRUSTED, create)
      expect(declined).toMatchObject({ ok: false, error: { code: 'CONFIRMATION_REQUIRED' } })
      const [box] = callsTo(await child.request({ kind: 'recording' }), 'dialog.showMessageBox')
      expect(box?.args[0]).toBe('[window]')
      expect(box?.args[1]).toMatchObject({
        type: 'warning',
        message: expect.stringContaining('Producción'),
        detail: expect.stringMatching(/\b1\b/),
        defaultId: 0,
        cancelId: 0,
      })
      await child.request({ kind: 'message-box-answers', responses: [1] })
      const confirmed = await invoke(child, 'users:create', TRUSTED, create)
      expect(confirmed).toMatchObject({ ok: false, error: { code: 'NETWORK' } })
      await invoke(child, 'environments:select', TRUSTED, { id: 'local-sandbox' })
      await invoke(child, 'environments:delete', TRUSTED, { id })
    })
  })
})
