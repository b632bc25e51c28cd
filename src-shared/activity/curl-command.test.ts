import { describe, expect, it } from 'vitest'
import { said } from '../messages'
import type { ActivityEntry } from './activity-entry'
import { toCurlCommand } from './curl-command'

const entry: ActivityEntry = {
  id: 'e-1',
  at: '2026-11-26T00:00:00.000Z',
  environmentId: 'staging',
  environmentName: 'Staging',
  operation: said('operationRetrieveUser'),
  method: 'GET',
  url: 'https://api.example.com/api/v3/pendingCompanyUsers/ana',
  proxy: null,
  requestHeaders: { apiKey: '$API_KEY' },
  requestBody: null,
  status: 200,
  responseBody: null,
  durationMs: 12,
  failure: null,
  expectedStatus: null,
}

describe('the cURL command of a call', () => {
  it('repeats a direct call with its secrets as variables', () => {
    expect(toCurlCommand(entry)).toBe(
      `curl -sS -X GET 'https://api.example.com/api/v3/pendingCompanyUsers/ana' -H 'apiKey: '"$API_KEY"`,
    )
  })

  it('goes through the proxy the call went through', () => {
    expect(toCurlCommand({ ...entry, proxy: 'http://corp-proxy:3128' })).toContain(
      `--proxy 'http://corp-proxy:3128'`,
    )
  })
})
