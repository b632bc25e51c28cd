import { describe, expect, it } from 'vitest'
import { CONTENT_SECURITY_POLICY } from './core/page/content-security-policy'
import {
  APP_URL,
  developmentServerUrl,
  isPermissionAllowed,
  isTrustedSender,
  secureWebPreferences,
} from './window-security'
import { isAppUrl } from './core/page/app-url'

const APP = APP_URL

describe('window security settings', () => {
  it('isolates and sandboxes the page with no Node in it', () => {
    expect(secureWebPreferences('/p/preload.cjs', false)).toMatchObject({
      preload: '/p/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      devTools: false,
    })
  })

  it('has a CSP that allows nothing remote, no inline script and no network calls', () => {
    const directives = new Map(
      CONTENT_SECURITY_POLICY.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]),
    )
    expect(directives.get('default-src')).toEqual(["'none'"])
    expect(directives.get('script-src')).toEqual(["'self'"])
    expect(directives.get('connect-src')).toEqual(["'none'"])
    expect(directives.get('object-src')).toEqual(["'none'"])
    expect(directives.get('frame-ancestors')).toEqual(["'none'"])
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe|https?:|\*/)
  })

  it.each([
    [APP, true],
    [`${APP}#/users`, true],
    [`${APP}?x=1`, true],
    ['integrator-console://app/assets/index.js', true],
    ['integrator-console://other/index.html', false],
    ['file:///etc/passwd', false],
    ['file:///opt/integrator-console/resources/app/out/renderer/index.html', false],
    ['https://evil.example/index.html', false],
    ['not a url', false],
  ])('treats %s as the app page: %s', (url, expected) => {
    expect(isAppUrl(url, APP)).toBe(expected)
  })

  it('compares origins for the development server', () => {
    expect(isAppUrl('http://localhost:5173/#/x', 'http://localhost:5173/')).toBe(true)
    expect(isAppUrl('http://localhost:5174/', 'http://localhost:5173/')).toBe(false)
  })

  it('uses the development server only unpackaged and only on loopback', () => {
    expect(developmentServerUrl('http://localhost:5173/', false)).toBe('http://localhost:5173/')
    expect(developmentServerUrl('http://127.0.0.1:5173', false)).toBe('http://127.0.0.1:5173/')
    expect(developmentServerUrl('http://localhost:5173/', true)).toBeUndefined()
    expect(developmentServerUrl('https://evil.example/', false)).toBeUndefined()
    expect(developmentServerUrl('http://192.168.1.5:5173/', false)).toBeUndefined()
    expect(developmentServerUrl('file:///tmp/page.html', false)).toBeUndefined()
    expect(developmentServerUrl('not a url', false)).toBeUndefined()
  })

  it('answers IPC only from the app page top frame', () => {
    expect(isTrustedSender({ url: APP, parent: null }, APP)).toBe(true)
    expect(isTrustedSender({ url: APP, parent: {} }, APP)).toBe(false)
    expect(isTrustedSender({ url: 'https://evil.example/', parent: null }, APP)).toBe(false)
    expect(isTrustedSender(null, APP)).toBe(false)
    expect(isTrustedSender(undefined, APP)).toBe(false)
  })

  it('grants only clipboard writing, and only to the app page', () => {
    expect(isPermissionAllowed('clipboard-sanitized-write', APP, APP)).toBe(true)
    expect(isPermissionAllowed('clipboard-sanitized-write', 'https://evil.example/', APP)).toBe(
      false,
    )
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'openExternal',
      'clipboard-read',
    ]) {
      expect(isPermissionAllowed(permission, APP, APP)).toBe(false)
    }
  })
})
