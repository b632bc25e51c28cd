import { expect, it } from 'vitest'
import { testHooks } from './test-hooks'

it('honours the test hooks only unpackaged', () => {
  const env = {
    INTEGRATOR_CONSOLE_USER_DATA: '/tmp/data',
    INTEGRATOR_CONSOLE_KEYCHAIN_SERVICE: 'throwaway',
  }
  expect(testHooks(env, false)).toEqual({
    dataDirectory: '/tmp/data',
    keychainService: 'throwaway',
  })
  expect(testHooks(env, true)).toEqual({})
})
