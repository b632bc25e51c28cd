// The built main process's page and window, under the recording stand-in for electron (see
// built-main-harness.ts): what its scheme serves, which permissions and navigations it allows,
// and the menu bar's language.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { APP_SCHEME, APP_URL } from '../../src-main/window-security'
import { describeWithTestKeyring } from '../helpers/test-keyring'
import {
  argsOf,
  invoke,
  RENDERER,
  startUnpackaged,
  TRUSTED,
  useStandInChildren,
} from './built-main-harness'
import { MAIN_ENTRY, ROOT, type StandInChild } from './stand-in-child'

describeWithTestKeyring('the built main process under a recording stand-in for electron', () => {
  describe('unpackaged, serving the built page over its own scheme', () => {
    const children = useStandInChildren()
    let child: StandInChild

    beforeAll(async () => {
      ;({ child } = await startUnpackaged(children))
    })

    it('serves the built page and its assets over the app scheme, and nothing outside it', async () => {
      const page = await child.request({ kind: 'app-request', url: APP_URL })
      expect(page.status).toBe(200)
      expect(page.headers['content-type']).toMatch(/^text\/html/)
      expect(page.headers['content-security-policy']).toContain("default-src 'none'")
      const html = readFileSync(join(RENDERER, 'index.html'))
      expect(Buffer.from(page.body).equals(html)).toBe(true)

      const assets = [...html.toString().matchAll(/(?:src|href)="(\.\/assets\/[^"]+)"/g)].map(
        ([, path = '']) => path,
      )
      expect(assets.length).toBeGreaterThan(0)
      for (const asset of assets) {
        const answer = await child.request({
          kind: 'app-request',
          url: new URL(asset, APP_URL).href,
        })
        expect(answer.status, asset).toBe(200)
        expect(Buffer.from(answer.body).equals(readFileSync(join(RENDERER, asset))), asset).toBe(
          true,
        )
      }

      const outside = [readFileSync(join(ROOT, 'package.json')), readFileSync(MAIN_ENTRY)]
      const attempts = [
        '..%2f..%2fpackage.json',
        '../../package.json',
        '%2e%2e/%2e%2e/package.json',
        '..%5c..%5cpackage.json',
        'assets/..%2f..%2f..%2fpackage.json',
        '..%2fmain%2findex.js',
        '..%252f..%252fpackage.json',
        '%00index.html',
      ]
      for (const attempt of attempts) {
        const url = `${APP_SCHEME}://app/${attempt}`
        const answer = await child.request({ kind: 'app-request', url })
        expect(answer.status, url).not.toBe(200)
        const body = Buffer.from(answer.body)
        for (const file of outside) expect(body.includes(file.subarray(0, 64)), url).toBe(false)
      }
    })

    it('grants only clipboard writes, and only to the app page', async () => {
      const request = (permission: string, url: string) =>
        child.request({ kind: 'permission-request', permission, url })
      const check = (permission: string, url: string | null) =>
        child.request({ kind: 'permission-check', permission, url })
      expect(await request('clipboard-sanitized-write', APP_URL)).toBe(true)
      expect(await check('clipboard-sanitized-write', APP_URL)).toBe(true)
      for (const permission of ['media', 'geolocation', 'notifications', 'openExternal']) {
        expect(await request(permission, APP_URL), permission).toBe(false)
        expect(await check(permission, APP_URL), permission).toBe(false)
      }
      expect(await request('clipboard-sanitized-write', 'https://example.com/')).toBe(false)
      expect(await check('clipboard-sanitized-write', 'https://example.com/')).toBe(false)
      expect(await check('clipboard-sanitized-write', null)).toBe(false)
    })

    it('denies every new window and every navigation away from the app', async () => {
      for (const url of ['https://example.com', APP_URL, 'file:///etc/passwd'])
        expect(await child.request({ kind: 'window-open', url }), url).toEqual({ action: 'deny' })
      const navigate = async (url: string) =>
        (await child.request({ kind: 'webcontents-event', event: 'will-navigate', url })).prevented
      for (const url of [
        'https://example.com/',
        `${APP_SCHEME}://evil/index.html`,
        'file:///etc/passwd',
      ])
        expect(await navigate(url), url).toBe(true)
      expect(await navigate(`${APP_URL}#x`)).toBe(false)
      const webview = await child.request({
        kind: 'webcontents-event',
        event: 'will-attach-webview',
        url: 'https://example.com/',
      })
      expect(webview.prevented).toBe(true)
    })

    it("sets the menu bar in the page's language: the system's until one is chosen, then the chosen one", async () => {
      const menuLabels = async () => {
        const menus = argsOf(await child.request({ kind: 'recording' }), 'Menu.setApplicationMenu')
        const [template] = menus.at(-1) ?? []
        return (template as { label: string; submenu: { role?: string; label?: string }[] }[]).map(
          ({ label, submenu }) => [label, submenu.map((item) => item.label ?? '-').join(', ')],
        )
      }
      await expect.poll(menuLabels).toEqual([
        ['Editar', 'Deshacer, Rehacer, -, Cortar, Copiar, Pegar, Seleccionar todo'],
        ['Ver', 'Tamaño real, Ampliar, Reducir, -, Pantalla completa'],
        ['Ventana', 'Minimizar, Cerrar ventana, -, Salir'],
      ])
      expect(await invoke(child, 'preferences:set', TRUSTED, { language: 'en' })).toMatchObject({
        ok: true,
      })
      await expect.poll(menuLabels).toEqual([
        ['Edit', 'Undo, Redo, -, Cut, Copy, Paste, Select All'],
        ['View', 'Actual Size, Zoom In, Zoom Out, -, Toggle Full Screen'],
        ['Window', 'Minimize, Close Window, -, Quit'],
      ])
      await invoke(child, 'preferences:set', TRUSTED, { language: null })
      await expect.poll(async () => (await menuLabels())[0]?.[0]).toBe('Editar')
    })
  })
})
