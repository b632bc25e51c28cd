import { describe, expect, it } from 'vitest'
import { routeFor, routeOfPacAnswer } from './route'

const BASE = 'https://api.example.com'
const url = (address: string) => ({ mode: 'url' as const, url: address, username: null })

describe('the route of an environment’s calls', () => {
  it('follows the setting when it names one', async () => {
    const proxyOfUrl = () => 'http://corp-proxy:3128'
    expect(await routeFor({ mode: 'none' }, BASE, { proxyOfUrl })).toEqual({
      via: 'direct',
      because: 'setting',
    })
    expect(await routeFor(url('http://other:8080'), BASE, { proxyOfUrl })).toEqual({
      via: 'proxy',
      proxyUrl: 'http://other:8080',
      shownAs: 'http://other:8080',
      because: 'setting',
    })
  })

  it('gives the agent the proxy user and keychain password, and shows neither', async () => {
    const setting = { mode: 'url' as const, url: 'http://corp:3128', username: 'ana@corp' }
    expect(await routeFor(setting, BASE, { proxyPassword: 'p:ss/wörd' })).toEqual({
      via: 'proxy',
      proxyUrl: 'http://ana%40corp:p%3Ass%2Fw%C3%B6rd@corp:3128/',
      shownAs: 'http://corp:3128',
      because: 'setting',
    })
  })

  it('takes the variables in system mode, showing a proxy without its name and password', async () => {
    const proxyOfUrl = () => 'http://ana:s3cret-pass@corp:3128'
    expect(await routeFor({ mode: 'system' }, BASE, { proxyOfUrl })).toEqual({
      via: 'proxy',
      proxyUrl: 'http://ana:s3cret-pass@corp:3128',
      shownAs: 'http://corp:3128',
      because: 'variables',
    })
    expect(await routeFor({ mode: 'system' }, BASE, { proxyOfUrl: () => null })).toEqual({
      via: 'direct',
      because: 'variables',
    })
  })

  it('keeps plain http on this computer whatever the setting: no proxy sees its keys', async () => {
    const proxyOfUrl = () => 'http://corp:3128'
    const systemProxyOfUrl = () => Promise.resolve('PROXY corp:3128')
    for (const setting of [url('http://corp:3128'), { mode: 'system' as const }])
      expect(
        await routeFor(setting, 'http://127.0.0.1:8080', { proxyOfUrl, systemProxyOfUrl }),
      ).toEqual({ via: 'direct', because: 'loopback' })
  })

  it('asks the system where the face can (the window), and the variables are not read', async () => {
    const asked: string[] = []
    const systemProxyOfUrl = (address: string) => {
      asked.push(address)
      return Promise.resolve('PROXY pac-proxy.corp:8080; DIRECT')
    }
    const proxyOfUrl = () => 'http://variables:1'
    expect(await routeFor({ mode: 'system' }, BASE, { systemProxyOfUrl, proxyOfUrl })).toEqual({
      via: 'proxy',
      proxyUrl: 'http://pac-proxy.corp:8080',
      shownAs: 'http://pac-proxy.corp:8080',
      because: 'system',
    })
    expect(asked).toEqual([BASE])
  })

  it('reads Chromium’s answers, and says the ones it cannot use instead of going direct', () => {
    expect(routeOfPacAnswer('DIRECT', BASE)).toEqual({ via: 'direct', because: 'system' })
    expect(routeOfPacAnswer('HTTPS secure.corp:443', BASE)).toMatchObject({
      proxyUrl: 'https://secure.corp',
    })
    // Chromium's SOCKS5 has the proxy resolve the name: socks5h://.
    expect(routeOfPacAnswer('SOCKS5 socks.corp:1080; DIRECT', BASE)).toMatchObject({
      proxyUrl: 'socks5h://socks.corp:1080',
      shownAs: 'socks5h://socks.corp:1080',
    })
    expect(() => routeOfPacAnswer('SOCKS socks.corp:1080; DIRECT', BASE)).toThrow(
      /SOCKS socks\.corp:1080, a kind of proxy the console cannot use/,
    )
  })

  it('refuses a proxy it cannot speak before anything is sent, and says which kinds it can', async () => {
    for (const [proxy, scheme] of [
      ['socks4://socks.corp:1080', 'socks4'],
      ['socks4a://socks.corp:1080', 'socks4a'],
      ['ftp://proxy.corp:21', 'ftp'],
    ] as const) {
      const failure = await routeFor({ mode: 'system' }, BASE, { proxyOfUrl: () => proxy }).catch(
        (error: unknown) => error,
      )
      expect(failure).toMatchObject({
        code: 'NETWORK',
        said: { id: 'network.proxySchemeUnsupported', values: { scheme } },
      })
    }
    expect(
      await routeFor({ mode: 'system' }, BASE, { proxyOfUrl: () => 'socks5://ana:pw@s.corp:1080' }),
    ).toEqual({
      via: 'proxy',
      proxyUrl: 'socks5://ana:pw@s.corp:1080',
      shownAs: 'socks5://s.corp:1080',
      because: 'variables',
    })
  })

  it('reads the variables as curl does: NO_PROXY wins, HTTPS_PROXY before ALL_PROXY', async () => {
    const saved = { ...process.env }
    try {
      for (const name of Object.keys(process.env))
        if (/_proxy$/i.test(name)) Reflect.deleteProperty(process.env, name)
      process.env.ALL_PROXY = 'http://all:1'
      process.env.NO_PROXY = '.internal.example, localhost'
      expect(await routeFor({ mode: 'system' }, BASE)).toMatchObject({ proxyUrl: 'http://all:1' })
      process.env.https_proxy = 'http://secure:2'
      expect(await routeFor({ mode: 'system' }, BASE)).toMatchObject({
        proxyUrl: 'http://secure:2',
      })
      expect(await routeFor({ mode: 'system' }, 'https://svc.internal.example')).toMatchObject({
        via: 'direct',
      })
    } finally {
      for (const name of Object.keys(process.env))
        if (/_proxy$/i.test(name)) Reflect.deleteProperty(process.env, name)
      Object.assign(process.env, saved)
    }
  })
})
