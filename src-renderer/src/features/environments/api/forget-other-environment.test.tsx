import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { appKeys, USERS_KEY } from '../../../lib/query-keys'
import { environmentKeys } from './keys'
import { forgetOtherEnvironment } from './forget-other-environment'

describe('switching environments', () => {
  it("forgets the last environment's answers but keeps the user's theme and language", async () => {
    const client = new QueryClient()
    client.setQueryData(appKeys.preferences(), { language: 'es', theme: 'dark' })
    client.setQueryData(environmentKeys.list(), [])
    client.setQueryData([...USERS_KEY, 'retrieve', 'ana'], { token: 'ana' })
    await forgetOtherEnvironment(client)
    expect(client.getQueryData(appKeys.preferences())).toEqual({ language: 'es', theme: 'dark' })
    expect(client.getQueryData(environmentKeys.list())).toEqual([])
    expect(client.getQueryData([...USERS_KEY, 'retrieve', 'ana'])).toBeUndefined()
  })
})
