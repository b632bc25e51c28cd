import { randomInt } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { SECRET_PLACEHOLDERS } from '../../src-shared/activity'
import { FIELD_LIMITS } from '../../src-shared/service'
import { startTestCore, useStagingSandbox, type TestCore } from '../helpers/core'
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox'
import { describeWithTestKeyring } from '../helpers/test-keyring'

const GUESSES = 5000
const PLACEHOLDERS = Object.values(SECRET_PLACEHOLDERS)

/** A dictionary of words as a password list has them, with the environment's secrets among them. */
function dictionary(secrets: readonly string[]): string[] {
  const letters = 'abcdefghijklmnopqrstuvwxyz'
  const words = Array.from({ length: GUESSES - secrets.length }, () =>
    Array.from({ length: randomInt(6, 13) }, () => letters[randomInt(letters.length)]).join(''),
  )
  for (const secret of secrets) words.splice(randomInt(words.length + 1), 0, secret)
  return words
}

/** The words in runs of at most `max` characters, space-separated: as many guesses a call as fit. */
function packed(words: readonly string[], max: number): string[] {
  const packs: string[] = []
  let current = ''
  for (const word of words) {
    const next = current === '' ? word : `${current} ${word}`
    if (next.length > max) {
      packs.push(current)
      current = word
    } else current = next
  }
  return current === '' ? packs : [...packs, current]
}

/** What the page could read of a call: the answer and its activity entry, headers aside. */
function shown(answer: unknown, entry: unknown): string {
  const rest = { ...(entry as Record<string, unknown>), requestHeaders: undefined }
  return JSON.stringify([answer, rest])
}

describeWithTestKeyring('a page guessing secrets through what the console shows it', () => {
  let sandbox: TestSandbox
  let t: TestCore
  let secrets: string[]
  beforeAll(async () => {
    sandbox = await startTestSandbox()
    t = startTestCore({ face: 'browser-shell' })
    const userTokenSecret = 'correct horse battery staple'
    await useStagingSandbox(t, {
      ...sandbox,
      credentials: { ...sandbox.credentials, userTokenSecret },
    })
    secrets = [sandbox.credentials.apiKey, sandbox.credentials.secretKey, userTokenSecret]
  })
  afterAll(async () => {
    await t.stop()
    await sandbox.stop()
  })

  it(`learns nothing from ${GUESSES} guesses, as tokens or as descriptions the service echoes`, async () => {
    const words = dictionary(secrets)
    const lookups = packed(words, FIELD_LIMITS.token).map((token) => ({
      channel: 'users:retrieve' as const,
      input: { token },
      // The entry's address carries it as sent.
      wrote: encodeURIComponent(token),
    }))
    const writes = packed(words, FIELD_LIMITS.description).map((description, index) => ({
      channel: 'users:create' as const,
      input: { user: { token: `guess-${index}`, status: 0, description } },
      wrote: description,
    }))
    for (const call of [...lookups, ...writes]) {
      const answer = await t.call(call.channel, call.input as never)
      const [entry] = (await t.ok('activity:list')).entries
      const seen = shown(answer, entry)
      // No secret was hidden in it, so none was confirmed: the page's words come back as written.
      expect(PLACEHOLDERS.filter((placeholder) => seen.includes(placeholder))).toEqual([])
      expect(seen).toContain(JSON.stringify(call.wrote).slice(1, -1))
    }
    expect(lookups.length + writes.length).toBeLessThan(GUESSES)
  }, 120_000)
})
