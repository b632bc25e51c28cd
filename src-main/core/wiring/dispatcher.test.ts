import { describe, expect, it } from 'vitest'
import { userRecordSchema } from '../../../src-shared/service'
import { createDispatcher, type Handlers } from './dispatcher'
import { parseRemembered } from './parsed-values'

/** A dispatcher whose users:retrieve answers what `answer` gives; no other channel is called. */
function dispatcherAnswering(answer: () => unknown) {
  const logged: string[] = []
  const handlers = {
    'users:retrieve': () => Promise.resolve(answer()),
  } as unknown as Handlers
  return { dispatch: createDispatcher(handlers, (line) => logged.push(line)), logged }
}

describe('dispatcher answer check', () => {
  it('refuses an answer that breaks the contract, and logs only the channel', async () => {
    const { dispatch, logged } = dispatcherAnswering(() => ({ status: 2, email: 'a@b.es' }))
    expect(await dispatch('users:retrieve', { token: 'u' })).toEqual({
      ok: false,
      error: {
        code: 'UNEXPECTED_RESPONSE',
        said: {
          id: 'core.answerBreaksContract',
          values: {},
          text: 'The main process produced an answer it should not have.',
        },
      },
    })
    expect(logged).toEqual(['ipc: users:retrieve produced an answer that breaks the contract'])
  })

  it('strips what the contract does not name from an answer', async () => {
    const { dispatch } = dispatcherAnswering(() => ({ token: 'u', status: 2, apiKey: 'leak' }))
    const result = await dispatch('users:retrieve', { token: 'u' })
    expect(result).toMatchObject({ ok: true, data: { token: 'u', status: 2 } })
    expect(JSON.stringify(result)).not.toContain('leak')
  })

  it('passes a record the client parsed with the contract schema, frozen, as it is', async () => {
    const parsed = parseRemembered(userRecordSchema, { token: 'u', status: '2' })
    if (!parsed.success) throw new Error('the sample record should parse')
    const { dispatch } = dispatcherAnswering(() => parsed.data)
    const result = await dispatch('users:retrieve', { token: 'u' })
    expect(result).toEqual({ ok: true, data: parsed.data })
    expect(result.ok && result.data).toBe(parsed.data)
    expect(Object.isFrozen(parsed.data)).toBe(true)
  })
})
