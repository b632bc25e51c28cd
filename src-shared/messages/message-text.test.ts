import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { mappingProblem } from '../bulk'
import { nidNumberSchema, tokenSchema } from '../service'
import { secretValueSchema } from '../ipc/payloads'
import { pickLanguage } from './languages'
import { translateText, type SayMessage } from './message-text'
import {
  recognizeSharedText,
  SHARED_MESSAGES,
  sharedText,
  type SharedMessageKey,
} from './shared-messages'

const SAMPLE_VALUES = {
  headers: 'apiKey, secretKey',
  field: 'nid_number',
  max: 128,
  min: 7,
  choices: '0 (Free), 2 (Premium)',
  date: '1900-01-01',
  call: 'Create',
  fields: 'extra, other',
  kind: 'staging',
  // The core's data: counts, names, paths, addresses, an OS error's own words...
  status: 418,
  count: 3,
  columns: 4,
  row: 7,
  line: 12,
  version: 2,
  seconds: 30,
  code: 'ECONNREFUSED',
  url: 'https://api.example.com',
  host: 'api.example.com',
  origin: 'https://api.example.com',
  environment: 'Staging',
  name: 'Staging',
  path: '/home/ana/users.csv',
  folder: '/home/ana/.config/integrator-console',
  file: 'users.csv',
  encoding: 'gzip',
  limit: '4 MiB',
  operation: 'Create user',
  error: 'disk I/O error',
  // ... and the texts it quotes, messages themselves.
  message: 'No answer within 15 s',
  reason: 'it is not valid JSON',
  problem: 'no column is mapped to token',
  said: 'The user is blocked',
  note: 'The service answered 204 without the record; this is what Retrieve returns now.',
}

/** A face's `say` that shows which message it said, with which values. */
const say: SayMessage = (id, values) => `${id}(${JSON.stringify(values)})`

describe('shared messages', () => {
  it('recognises every message back from its English text, with its values', () => {
    for (const key of Object.keys(SHARED_MESSAGES) as SharedMessageKey[]) {
      const text = sharedText(key, SAMPLE_VALUES)
      expect(text, key).not.toMatch(/\{\w+\}/)
      const recognized = recognizeSharedText(text)
      expect(recognized?.message, text).toBe(SHARED_MESSAGES[key])
      for (const [name, value] of Object.entries(recognized?.values ?? {}))
        expect(value, `${key}: ${name}`).toBe(
          String(SAMPLE_VALUES[name as keyof typeof SAMPLE_VALUES]),
        )
    }
  })

  it('tells the secret’s own rule from the general one it resembles', () => {
    expect(recognizeSharedText('the secret must be at most 4096 characters')?.message.id).toBe(
      'rule.secretTooLong',
    )
    expect(recognizeSharedText('name must be at most 60 characters')).toEqual({
      message: SHARED_MESSAGES.tooLong,
      values: { field: 'name', max: '60' },
    })
    expect(recognizeSharedText('status must be one of 0 (Free) (a JSON number)')?.message.id).toBe(
      'rule.numberChoice',
    )
  })

  it('is what the schemas say', () => {
    expect(nidNumberSchema.safeParse('12345678A').error?.issues[0]?.message).toBe(
      sharedText('nidControlLetter', { field: 'nid_number' }),
    )
    expect(tokenSchema.safeParse(' x').error?.issues[0]?.message).toBe(
      sharedText('edgeSpaces', { field: 'token' }),
    )
    expect(secretValueSchema.safeParse('').error?.issues[0]?.message).toBe(
      sharedText('secretEmpty'),
    )
  })

  it('says a composite core message with each quoted message said in turn', () => {
    // As answer-errors.ts builds a 429 whose body says a rule and whose Retry-After is 30.
    const refusal = sharedText('retryAfter', {
      message: sharedText('serviceSaid', {
        message: sharedText('answerRateLimited'),
        said: sharedText('required', { field: 'email' }),
      }),
      seconds: 30,
    })
    expect(refusal).toBe(
      'The service is rate limiting calls. Wait a moment and try again. Service said: email is required Retry after 30 s.',
    )
    expect(translateText(refusal, say, recognizeSharedText)).toBe(
      say('answer.retryAfter', {
        message: say('answer.serviceSaid', {
          message: say('answer.rateLimited', {}),
          said: say('rule.required', { field: 'email' }),
        }),
        seconds: '30',
      }),
    )
    // The same refusal, quoted by a bulk run that waits before sending the row again.
    expect(
      translateText(
        sharedText('tryingAgain', { message: refusal, seconds: 2 }),
        say,
        recognizeSharedText,
      ),
    ).toBe(
      say('bulk.tryingAgain', {
        message: translateText(refusal, say, recognizeSharedText),
        seconds: '2',
      }),
    )
  })

  it('tells apart the core messages that quote one another', () => {
    const cases: [string, string][] = [
      // A run paused for the keychain: the advice is part of the keychain's own message.
      [
        sharedText('fixAndResume', {
          message: sharedText('keychainTimeoutLinux', { seconds: 5 }),
        }),
        say('bulk.fixAndResume', { message: say('keychain.timeoutLinux', { seconds: '5' }) }),
      ],
      // A Create a timeout left unsettled, then a row given up on.
      [
        sharedText('lookUpBeforeResending', {
          message: sharedText('createMaybeSent', {
            message: sharedText('unreachableCode', { url: 'http://x', code: 'ECONNRESET' }),
          }),
        }),
        say('bulk.lookUpBeforeResending', {
          message: say('bulk.createMaybeSent', {
            message: say('http.unreachableCode', { url: 'http://x', code: 'ECONNRESET' }),
          }),
        }),
      ],
      [
        sharedText('tryingAgain', {
          message: sharedText('createNotMade', {
            message: sharedText('noAnswerWithin', { seconds: 15 }),
          }),
          seconds: 1,
        }),
        say('bulk.tryingAgain', {
          message: say('service.createNotMade', {
            message: say('http.noAnswerWithin', { seconds: '15' }),
          }),
          seconds: '1',
        }),
      ],
      [
        sharedText('tryingAgain', {
          message: sharedText('noAnswerWithin', { seconds: 15 }),
          seconds: 1,
        }),
        say('bulk.tryingAgain', {
          message: say('http.noAnswerWithin', { seconds: '15' }),
          seconds: '1',
        }),
      ],
      [
        sharedText('mappingUnusable', { problem: sharedText('mappedTwice', { field: 'token' }) }),
        say('bulk.mappingUnusable', { problem: say('rule.mappedTwice', { field: 'token' }) }),
      ],
      [
        sharedText('answerUnreadable', {
          operation: sharedText('operationRetrieveUser'),
          reason: sharedText('bodyUndecodable', { encoding: 'gzip', error: 'incorrect header' }),
        }),
        say('http.answerUnreadable', {
          operation: say('operation.retrieveUser', {}),
          reason: say('http.bodyUndecodable', { encoding: 'gzip', error: 'incorrect header' }),
        }),
      ],
      [
        sharedText('existedUpdatedKeptNote', {
          fields: 'mobile_phone',
          note: sharedText('recordNotInAnswer', { status: 204 }),
        }),
        say('bulk.existedUpdatedKeptNote', {
          fields: 'mobile_phone',
          note: say('service.recordNotInAnswer', { status: '204' }),
        }),
      ],
    ]
    for (const [text, said] of cases)
      expect(translateText(text, say, recognizeSharedText), text).toBe(said)
  })

  it("says the bulk mode a mapping rule names in the face's words", () => {
    const problem = mappingProblem(['token', 'email'], 'setStatus')
    expect(problem).toBe('Set status does not read email')
    expect(translateText(problem ?? '', say, recognizeSharedText)).toBe(
      say('rule.setStatusDoesNotRead', { field: 'email' }),
    )
    // A mode's name alone is data (a column may be called so), not a message.
    expect(recognizeSharedText('Export')).toBeNull()
  })

  it('says data as it is, even data that reads like one of its messages', () => {
    const text = sharedText('credentialsMissing', { environment: 'Create user' })
    expect(translateText(text, say, recognizeSharedText)).toBe(
      say('core.credentialsMissing', { environment: 'Create user' }),
    )
  })

  it('leaves a text it does not know alone', () => {
    expect(recognizeSharedText('El usuario ya existe en el servicio')).toBeNull()
    expect(recognizeSharedText('')).toBeNull()
  })
})

/** The Spanish catalog's msgid → msgstr (this catalog's entries are single-line). */
function spanishCatalog(): Map<string, string> {
  const text = readFileSync(new URL('./locales/es.po', import.meta.url), 'utf8')
  const unquote = (quoted: string) => JSON.parse(quoted) as string
  return new Map(
    [...text.matchAll(/^msgid ("(?:[^"\\]|\\.)*")\nmsgstr ("(?:[^"\\]|\\.)*")$/gm)].map(
      ([, id = '""', message = '""']) => [unquote(id), unquote(message)],
    ),
  )
}

const placeholders = (message: string) => [...message.matchAll(/\{\w+\}/g)].map(([name]) => name)

describe('the Spanish catalog', () => {
  const spanish = spanishCatalog()

  it('says every message, with the same placeholders', () => {
    for (const { id, message } of Object.values(SHARED_MESSAGES)) {
      const translated = spanish.get(id)
      expect(translated, id).toBeTruthy()
      expect(placeholders(translated ?? '').sort(), id).toEqual(placeholders(message).sort())
      // An apostrophe before a brace would quote the placeholder in ICU MessageFormat.
      expect(translated, id).not.toMatch(/'[{}]/)
    }
  })

  // A quoted message whose placeholder opens or closes its text may be recognised with the
  // message that quotes it inside that placeholder ("The run stopped: a.csv changed while..." as
  // "{file} changed while..." with "The run stopped: a.csv" as the file). Said in Spanish, both
  // readings give the same text as long as each placeholder keeps its place at either end.
  it('keeps a placeholder that opens or closes a message at the same end', () => {
    const opening = (message: string) => /^\{\w+\}/.exec(message)?.[0] ?? null
    const closing = (message: string) => /\{\w+\}$/.exec(message)?.[0] ?? null
    for (const { id, message } of Object.values(SHARED_MESSAGES)) {
      const translated = spanish.get(id) ?? ''
      if (opening(message)) expect(opening(translated), id).toBe(opening(message))
      if (closing(message)) expect(closing(translated), id).toBe(closing(message))
    }
  })
})

describe('pickLanguage', () => {
  it('takes the first language the console speaks, from browser tags or LANG values', () => {
    expect(pickLanguage(['es-ES', 'en'])).toBe('es')
    expect(pickLanguage(['ca-ES', 'es'])).toBe('es')
    expect(pickLanguage(['es_ES.UTF-8'])).toBe('es')
    expect(pickLanguage(['en-GB', 'es'])).toBe('en')
  })

  it('falls back to English for languages it does not speak, and for none', () => {
    expect(pickLanguage(['fr-FR', 'de'])).toBe('en')
    expect(pickLanguage(['C.UTF-8'])).toBe('en')
    expect(pickLanguage([])).toBe('en')
  })
})
