import { describe, expect, it } from 'vitest'
import { routeFor } from './route'

const BASE = 'https://api.example.com'

describe('the route of an environment’s calls', () => {
  it('follows the setting when it names one', () => {
    const variables = () => 'http://corp-proxy:3128'
    expect(routeFor({ mode: 'none' }, BASE, variables)).toEqual({
      via: 'direct',
      because: 'setting',
    })
    expect(routeFor({ mode: 'url', url: 'http://other:8080' }, BASE, variables)).toEqual({
      via: 'proxy',
      proxyUrl: 'http://other:8080',
      shownAs: 'http://other:8080',
      because: 'setting',
    })
  })

  it('takes the variables in system mode, showing a proxy without its name and password', () => {
    expect(routeFor({ mode: 'system' }, BASE, () => 'http://ana:s3cret-pass@corp:3128')).toEqual({
      via: 'proxy',
      proxyUrl: 'http://ana:s3cret-pass@corp:3128',
      shownAs: 'http://corp:3128',
      because: 'variables',
    })
    expect(routeFor({ mode: 'system' }, BASE, () => '')).toEqual({
      via: 'direct',
      because: 'variables',
    })
  })

  it('reads the variables as curl does: NO_PROXY wins, HTTPS_PROXY before ALL_PROXY', () => {
    const saved = { ...process.env }
    try {
      for (const name of Object.keys(process.env))
        if (/_proxy$/i.test(name)) Reflect.deleteProperty(process.env, name)
      process.env.ALL_PROXY = 'http://all:1'
      process.env.https_proxy = 'http://secure:2'
      process.env.NO_PROXY = '.internal.example, localhost'
      expect(routeFor({ mode: 'system' }, BASE)).toMatchObject({ proxyUrl: 'http://secure:2' })
      expect(routeFor({ mode: 'system' }, 'http://api.example.com')).toMatchObject({
        proxyUrl: 'http://all:1',
      })
      expect(routeFor({ mode: 'system' }, 'https://svc.internal.example')).toMatchObject({
        via: 'direct',
      })
    } finally {
      for (const name of Object.keys(process.env))
        if (/_proxy$/i.test(name)) Reflect.deleteProperty(process.env, name)
      Object.assign(process.env, saved)
    }
  })
})
