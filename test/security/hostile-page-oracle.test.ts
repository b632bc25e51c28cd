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
  let id: string
  beforeAll(async () => {
    sandbox = await startTestSandbox()
    t = startTestCore({ face: 'browser-shell' })
    const userTokenSecret = 'correct horse battery staple'
    id = await useStagingSandbox(t, {
      ...sandbox,
      credentials: { ...sandbox.credentials, userTokenSecret },
    })
    secrets = [sandbox.credentials.apiKey, sandbox.credentials.secretKey, userTokenSecret]
  })
  afterAll(async () => {
    await t.stop()
    await sandbox.stop()
  })

  it('learns nothing from the list of known users: what it wrote is found as it wrote it', async () => {
    await t.ok('users:setKnownSettings', { enabled: true, retentionDays: 30 })
    const guesses = ['plainguess', ...secrets, ...secrets.map((secret) => `x ${secret} y`)]
    const wrote = guesses.map((guess, index) => ({
      token: `known-guess-${index} ${guess}`.slice(0, FIELD_LIMITS.token),
      firstname: guess.slice(0, FIELD_LIMITS.name),
    }))
    for (const user of wrote) await t.ok('users:create', { user: { ...user, status: 0 } })
    for (const [index, user] of wrote.entries()) {
      const found = await t.ok('users:find', { text: `known-guess-${index} ` })
      expect(found.matches.map(({ token, firstname }) => ({ token, firstname }))).toEqual([user])
    }
    await t.ok('users:setKnownSettings', { enabled: false, retentionDays: 30 })
  })

  it(`learns nothing from ${GUESSES} guesses: as tokens, as stored descriptions read back, as a base URL`, async () => {
    const words = dictionary(secrets)
    /** Every guess the page makes, and what it then reads: no secret is hidden in any of it. */
    const readsBack = async (wrote: string, call: () => Promise<unknown>) => {
      const answer = await call()
      const [entry] = (await t.ok('activity:list')).entries
      const seen = shown(answer, entry)
      expect(PLACEHOLDERS.filter((placeholder) => seen.includes(placeholder))).toEqual([])
      expect(seen).toContain(wrote)
    }
    for (const token of packed(words, FIELD_LIMITS.token))
      await readsBack(encodeURIComponent(token), () => t.call('users:retrieve', { token }))
    for (const [index, description] of packed(words, FIELD_LIMITS.description).entries()) {
      const token = `guess-${index}`
      const user = { token, status: 0 as const, description }
      const written = JSON.stringify(description).slice(1, -1)
      await readsBack(written, () => t.call('users:create', { user }))
      // Stored, then read back in a call of its own: the service's answer holds the guesses.
      await readsBack(written, () => t.call('users:retrieve', { token }))
    }
    // The base URL's path is the page's to set too (the same origin keeps the secrets).
    const { environments } = await t.ok('environments:list')
    const staging = environments.find((e) => e.id === id)
    if (!staging) throw new Error('the environment is not listed')
    for (const pack of packed(words, 1800)) {
      const path = pack.replaceAll(' ', '/')
      const { name, kind, userTokenScheme, timeoutMs, maxResponseKiB, proxy } = staging
      const fields = { id, name, kind, userTokenScheme, timeoutMs, maxResponseKiB, proxy }
      await t.ok('environments:save', { ...fields, baseUrl: `${sandbox.baseUrl}/${path}` })
      await readsBack(path, () => t.call('users:retrieve', { token: 'x' }))
    }
  }, 120_000)
})
