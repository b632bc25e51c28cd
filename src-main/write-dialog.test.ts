// Main's production dialog as the window shows it, driven through a real core: the page calls a
// channel, the core asks the dialog (a stand-in that records what it was asked and answers as a
// user does), and the test reads the dialog's text line by line.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { BrowserWindow, Dialog, MessageBoxOptions } from 'electron'
import { afterEach, describe, expect, it } from 'vitest'
import { startTestCore, type TestCore } from '../test/helpers/core'
import { makeTempDir } from '../test/helpers/temp-dir'
import type { SecretBackend } from './core/keychain/vault'
import { confirmWriteWith } from './write-dialog'

const WINDOW = {} as unknown as BrowserWindow
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Default_Ignorable_Code_Point}]/u

function memorySecrets(): SecretBackend {
  const secrets = new Map<string, string>()
  return {
    get: (account) => Promise.resolve(secrets.get(account) ?? null),
    set: (account, value) => Promise.resolve(void secrets.set(account, value)),
    delete: (account) => Promise.resolve(void secrets.delete(account)),
  }
}

/** A dialog that records each message box and answers Cancel, as a user who does not agree. */
function cancellingDialog() {
  const asked: MessageBoxOptions[] = []
  const dialog: Pick<Dialog, 'showMessageBox'> = {
    showMessageBox: ((_window: BrowserWindow, options: MessageBoxOptions) => {
      asked.push(options)
      return Promise.resolve({ response: 0, checkboxChecked: false })
    }) as Dialog['showMessageBox'],
  }
  return { dialog, asked }
}

const PRODUCTION = {
  // Nothing is sent: the dialog is answered Cancel first.
  baseUrl: 'https://127.0.0.1:9',
  kind: 'production' as const,
  userTokenScheme: 'hmac-sha256-hex' as const,
  timeoutMs: 5000,
}

const cores: TestCore[] = []
afterEach(async () => {
  for (const core of cores.splice(0)) await core.stop()
})

/** A window's core whose production writes ask `dialog`, on `dataDirectory` if given. */
function windowCore(dialog: Pick<Dialog, 'showMessageBox'>, dataDirectory?: string) {
  const t = startTestCore({
    secretBackend: memorySecrets(),
    confirmWrite: confirmWriteWith(
      dialog,
      () => WINDOW,
      () => Promise.resolve('en'),
    ),
    ...(dataDirectory === undefined ? {} : { dataDirectory }),
  })
  cores.push(t)
  return t
}

/** Makes `id` the active environment, with its keys, and asks to create a user on it. */
async function createOn(t: TestCore, id: string, confirmEnvironment: string) {
  for (const name of ['apiKey', 'secretKey'] as const)
    await t.ok('environments:setSecret', { id, name, value: `${name}-12345678` })
  await t.ok('environments:select', { id })
  return t.call('users:create', { user: { token: 'dialog-user', status: 0 }, confirmEnvironment })
}

describe("main's production dialog", () => {
  it('quotes the name on a line of its own, after the question, and nowhere else', async () => {
    const { dialog, asked } = cancellingDialog()
    const t = windowCore(dialog)
    const { id } = await t.ok('environments:save', { ...PRODUCTION, name: 'Producción' })
    expect(await createOn(t, id, 'Producción')).toMatchObject({
      ok: false,
      error: { code: 'CONFIRMATION_REQUIRED' },
    })
    const [box] = asked
    expect(box?.message.split('\n')).toEqual([
      'Write to this production environment?',
      '',
      '"Producción"',
    ])
    expect(box?.detail).toMatch(/\b1\b/)
    expect(box?.detail).not.toContain('Producción')
    expect(box).toMatchObject({ type: 'warning', defaultId: 0, cancelId: 0 })
  })

  it('shows a name stored before the rule with what could hide or reverse it made visible', async () => {
    const folder = makeTempDir('dialog-data')
    try {
      mkdirSync(folder.path, { recursive: true })
      // An older console let a page save this: its second line would read as the warning's own
      // words, and U+202E would turn the rest around.
      const stored = 'Staging\nNot production: safe to write \u202Enoitcudorp\u200B'
      writeFileSync(
        join(folder.path, 'environments.json'),
        JSON.stringify({
          schemaVersion: 1,
          activeId: 'local-sandbox',
          environments: [{ ...PRODUCTION, id: 'legacy', name: stored }],
        }),
      )
      const { dialog, asked } = cancellingDialog()
      const t = windowCore(dialog, folder.path)
      const { environments } = await t.ok('environments:list')
      const shown = environments.find((environment) => environment.id === 'legacy')?.name ?? ''
      // Loaded, not set aside: the environment is all there, its name shown as it can be read.
      expect(shown).toBe('Staging␊Not production: safe to write \uFFFDnoitcudorp\uFFFD')
      expect(await createOn(t, 'legacy', shown)).toMatchObject({
        ok: false,
        error: { code: 'CONFIRMATION_REQUIRED' },
      })
      const lines = asked[0]?.message.split('\n') ?? []
      expect(lines).toHaveLength(3)
      expect(lines[2]).toBe(`"${shown}"`)
      for (const line of [...lines, asked[0]?.detail ?? '']) expect(line).not.toMatch(HIDDEN)
    } finally {
      folder.remove()
    }
  })

  it('is never reached with such a name from the page: a save or an import refuses it, naming the field', async () => {
    const { dialog, asked } = cancellingDialog()
    const t = windowCore(dialog)
    for (const name of ['Prod\u202Enoitcudorp', 'Prod\nWrite', 'Prod\u200Buction'])
      expect(await t.call('environments:save', { ...PRODUCTION, name })).toMatchObject({
        ok: false,
        error: { code: 'VALIDATION', fieldErrors: { name: [expect.anything()] } },
      })

    const files = makeTempDir('dialog-import')
    try {
      const path = join(files.path, 'environments.json')
      const shared = { ...PRODUCTION, name: 'Prod\u2066uction' }
      writeFileSync(
        path,
        JSON.stringify({
          format: 'integrator-console/environments',
          version: 1,
          environments: [shared],
        }),
      )
      for (const channel of ['environments:importPlan', 'environments:import'] as const)
        expect(
          await t.call(channel, { file: await t.file(path, 'open', 'json'), replace: [] }),
        ).toMatchObject({
          ok: false,
          error: {
            code: 'VALIDATION',
            fieldErrors: {
              'environments.0.name': [expect.objectContaining({ id: 'rule.directionCharacters' })],
            },
          },
        })
    } finally {
      files.remove()
    }
    const { environments } = await t.ok('environments:list')
    expect(environments.map((environment) => environment.name)).toEqual(['Local sandbox'])
    expect(asked).toEqual([])
  })
})
