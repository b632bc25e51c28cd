import { describe, expect, it } from 'vitest'
import { mappingProblem } from '../bulk'
import { secretValueSchema } from '../ipc/payloads'
import { nidNumberSchema, tokenSchema } from '../service'
import { BASIC_MESSAGES } from './basic-messages'
import { CORE_MESSAGES } from './core-messages'
import { RULE_MESSAGES, ruleSaid } from './rule-messages'
import type { SharedMessage } from './message-text'
import { quotes, wordSaid, type SayById } from './said'
import { SANDBOX_MESSAGES } from './sandbox-messages'
import { recognizeServiceText, said, SHARED_MESSAGES } from './shared-messages'

/** A face that shows which message it said, with which values. */
const say = (id: string, values: Record<string, string | number>) =>
  `${id}(${JSON.stringify(values)})`
const sayById: SayById = say

const TABLES = { RULE_MESSAGES, CORE_MESSAGES, SANDBOX_MESSAGES, BASIC_MESSAGES }

describe('the message tables', () => {
  it('give every message an id of its own, named for its area', () => {
    const ids = Object.values(SHARED_MESSAGES).map((message) => message.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const [table, messages] of Object.entries(TABLES))
      for (const [key, message] of Object.entries<SharedMessage>(messages)) {
        expect(message.id, `${table}.${key}`).toMatch(/^[a-z]+\.[a-zA-Z0-9]+$/)
        expect(message.message.trim(), `${table}.${key}`).not.toBe('')
      }
  })

  it('write each rule text once: no two rules read alike, so a zod issue names its rule', () => {
    const texts = Object.values(RULE_MESSAGES).map((message) => message.message)
    expect(new Set(texts).size).toBe(texts.length)
  })
})

describe('a message as it crosses', () => {
  it('carries its id, its values and its English text, a quoted message whole', () => {
    const refusal = said('retryAfter', {
      message: said('serviceSaid', { message: said('answerRateLimited'), said: 'Blocked' }),
      seconds: 30,
    })
    expect(refusal.id).toBe('answer.retryAfter')
    expect(refusal.values.seconds).toBe(30)
    expect(refusal.text).toBe(
      'The service is rate limiting calls. Wait a moment and try again. Service said: Blocked Retry after 30 s.',
    )
    expect(JSON.parse(JSON.stringify(refusal))).toEqual(refusal)
  })

  it('is worded by a face from its ids, each quoted message in turn, never from its text', () => {
    const message = said('fixAndResume', { message: said('keychainTimeoutLinux', { seconds: 5 }) })
    expect(wordSaid(message, sayById)).toBe(
      say('bulk.fixAndResume', { message: say('keychain.timeoutLinux', { seconds: 5 }) }),
    )
    // Data that reads like a message stays data: an environment named "Create user".
    expect(wordSaid(said('credentialsMissing', { environment: 'Create user' }), sayById)).toBe(
      say('core.credentialsMissing', { environment: 'Create user' }),
    )
  })

  it('lets a face show each value its own way (a field by its label)', () => {
    const show = (name: string, value: string | number) =>
      name === 'field' ? `«${String(value)}»` : value
    expect(wordSaid(said('required', { field: 'email' }), sayById, show)).toBe(
      say('rule.required', { field: '«email»' }),
    )
  })

  it('tells whether it quotes another, with the same values, however deep', () => {
    const rule = said('required', { field: 'email' })
    const summary = said('invalidInputSummary', { field: 'email', message: rule })
    expect(quotes(said('fixAndResume', { message: summary }), rule)).toBe(true)
    expect(quotes(summary, said('required', { field: 'token' }))).toBe(false)
    expect(quotes(summary, said('notEmpty', { field: 'email' }))).toBe(false)
  })

  it('is said in English by a face that has no words for its id', () => {
    const message = said('unknownChannel')
    expect(wordSaid(message, () => null)).toBe('Unknown channel.')
  })
})

describe('what the schemas say', () => {
  it('is known again by its rule, from the exact text a zod issue holds', () => {
    const cases = [
      [nidNumberSchema.safeParse('12345678A'), 'rule.nidControlLetter', { field: 'nid_number' }],
      [tokenSchema.safeParse(' x'), 'rule.edgeSpaces', { field: 'token' }],
      [secretValueSchema.safeParse(''), 'rule.secretEmpty', {}],
    ] as const
    for (const [result, id, values] of cases) {
      const text = result.error?.issues[0]?.message ?? ''
      expect(ruleSaid(text), text).toMatchObject({ id, values })
    }
  })

  it('names the bulk mode a mapping rule is about', () => {
    const problem = mappingProblem(['token', 'email'], 'setStatus') ?? ''
    expect(ruleSaid(problem)).toMatchObject({
      id: 'rule.setStatusDoesNotRead',
      values: { field: 'email' },
    })
  })

  it('knows no text a rule did not write', () => {
    expect(ruleSaid('email is required!')).toBeUndefined()
    expect(ruleSaid('')).toBeUndefined()
  })
})

describe('what a service says', () => {
  it('is recognised when it is the sandbox’s words or a rule it quotes', () => {
    expect(recognizeServiceText('A user with this token already exists').id).toBe(
      'sandbox.userExists',
    )
    expect(recognizeServiceText('name must be at most 60 characters')).toMatchObject({
      id: 'rule.tooLong',
      values: { field: 'name', max: '60' },
    })
    // The secret's own rule, not "{field} must be at most {max} characters".
    expect(recognizeServiceText('the secret must be at most 4096 characters').id).toBe(
      'rule.secretTooLong',
    )
  })

  it('is kept as written otherwise, the core’s own words included', () => {
    for (const text of ['El usuario ya existe', '', said('unknownChannel').text])
      expect(recognizeServiceText(text)).toEqual(said('asWritten', { text }))
  })
})
