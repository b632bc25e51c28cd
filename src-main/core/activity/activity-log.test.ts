import { said } from '../../../src-shared/messages'
import { describe, expect, it } from 'vitest'
import { ACTIVITY_LIMITS, createActivityLog } from './activity-log'
import { secretValuesOf } from '../redaction/redact'

const secrets = secretValuesOf('https://api.example.com', {
  apiKey: 'api-key-value-1234',
  secretKey: 'secret-key-value-5678',
  userTokenSecret: null,
})

function call(n: number, responseBody: string | null = null) {
  return {
    environmentId: 'e1',
    environmentName: 'Staging',
    operation: said('operationRetrieveUser'),
    proxy: null,
    routedBy: 'variables' as const,
    method: 'GET',
    url: `https://api.example.com/api/v3/pendingCompanyUsers/user-${n}`,
    requestHeaders: { accept: 'application/json', apiKey: '$API_KEY' },
    requestBody: null,
    status: 200,
    responseBody,
    durationMs: 3,
    failure: null,
    expectedStatus: null,
    network: null,
  }
}

describe('activity log', () => {
  it('shows a call as soon as it is recorded, with every secret value replaced', () => {
    const log = createActivityLog()
    log.record(call(1, 'echo: apiKey=api-key-value-1234 secretKey=secret-key-value-5678'), secrets)
    const [entry] = log.list()
    expect(entry?.url).toMatch(/user-1$/)
    expect(entry?.responseBody).toBe('echo: apiKey=$API_KEY secretKey=$SECRET_KEY')
    expect(JSON.stringify(log.list())).not.toMatch(/api-key-value|secret-key-value/)
  })

  it('keeps the newest entries, newest first, even from a burst that never yields', () => {
    const log = createActivityLog()
    for (let n = 1; n <= ACTIVITY_LIMITS.entries + 50; n++) log.record(call(n), secrets)
    const urls = log.list().map((entry) => entry.url)
    expect(urls).toHaveLength(ACTIVITY_LIMITS.entries)
    expect(urls[0]).toMatch(/user-250$/)
    expect(urls.at(-1)).toMatch(/user-51$/)
  })

  it('clears what was recorded just before, and counts it', () => {
    const log = createActivityLog()
    log.record(call(1), secrets)
    log.record(call(2), secrets)
    expect(log.clear()).toBe(2)
    expect(log.list()).toEqual([])
  })

  it('clips a long body after redacting it, so a secret at the cut is not half kept', () => {
    const log = createActivityLog()
    const secret = 'secret-key-value-5678'
    const body = `${'x'.repeat(ACTIVITY_LIMITS.bodyChars - 5)}${secret}tail`
    log.record(call(1, body), secrets)
    const kept = log.list()[0]?.responseBody ?? ''
    expect(kept).not.toContain(secret.slice(0, 5))
    expect(kept).toContain('more characters not kept')
  })

  it('redacts each call with the secrets it was made with, and keeps its entry as first shown', () => {
    const log = createActivityLog()
    log.record(call(1, 'old key api-key-value-1234'), secrets)
    const first = log.list()[0]
    const changed = secretValuesOf('https://api.example.com', {
      apiKey: 'new-api-key-value-9999',
      secretKey: 'secret-key-value-5678',
      userTokenSecret: null,
    })
    log.record(call(2, 'new key new-api-key-value-9999'), changed)
    const [second, again] = log.list()
    expect(second?.responseBody).toBe('new key $API_KEY')
    expect(again).toEqual(first)
    expect(again?.responseBody).toBe('old key $API_KEY')
  })
})
