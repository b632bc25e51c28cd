import { readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startTestCore, type TestCore } from '../../../test/helpers/core'

const SHELL_COPIES = () =>
  readdirSync(tmpdir()).filter((name) => name.startsWith('integrator-console-'))

let shell: TestCore
let window: TestCore
beforeAll(() => {
  shell = startTestCore({ face: 'browser-shell' })
  window = startTestCore({ face: 'electron' })
})
afterAll(() => window.stop())

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64')

it("the browser shell's chosen file arrives in pieces and is read like any chosen CSV", async () => {
  const before = SHELL_COPIES().length
  const first = await shell.ok('files:upload', {
    upload: null,
    format: 'csv',
    name: 'equipo.csv',
    data: b64('token;estado;nombre\r\nup-1;2;Begoña\r\n'),
    last: false,
  })
  expect(first.file).toBeNull()
  const done = await shell.ok('files:upload', {
    upload: first.upload,
    format: 'csv',
    name: 'equipo.csv',
    data: b64('up-2;0;Íñigo\r\n'),
    last: true,
  })
  expect(done.file?.name).toBe('equipo.csv')
  const handle = done.file?.handle ?? ''
  const read = await shell.ok('bulk:inspect', { file: handle })
  expect(read.headers).toEqual(['token', 'estado', 'nombre'])
  const plan = await shell.ok('bulk:dryRun', {
    file: handle,
    mode: 'create',
    mapping: ['token', 'status', 'firstname'],
  })
  expect(plan).toMatchObject({ rows: 2, valid: 2, file: { encoding: 'utf-8' } })
  expect(SHELL_COPIES().length).toBe(before + 1)

  // A piece of an upload it never began, a name that is a path or not a CSV: refused.
  expect(
    await shell.call('files:upload', {
      upload: crypto.randomUUID(),
      format: 'csv',
      name: 'x.csv',
      data: '',
      last: true,
    }),
  ).toMatchObject({ ok: false, error: { code: 'VALIDATION' } })
  for (const name of ['../x.csv', 'notes.exe', '.hidden.csv'])
    expect(
      await shell.call('files:upload', { upload: null, format: 'csv', name, data: '', last: true }),
      name,
    ).toMatchObject({ ok: false, error: { code: 'VALIDATION' } })

  // A file of environments picked in the browser's chooser is one to import, not a CSV to send.
  const shared = {
    format: 'integrator-console/environments',
    version: 1,
    environments: [
      {
        name: 'Team',
        baseUrl: 'https://team.example.com',
        kind: 'staging',
        userTokenScheme: 'plain',
        timeoutMs: 15000,
      },
    ],
  }
  const picked = await shell.ok('files:upload', {
    upload: null,
    format: 'json',
    name: 'team.json',
    data: b64(JSON.stringify(shared)),
    last: true,
  })
  const environments = picked.file?.handle ?? ''
  expect(await shell.ok('environments:importPlan', { file: environments })).toEqual({
    changes: [{ name: 'Team', action: 'add', fields: [] }],
  })
  expect(await shell.call('bulk:inspect', { file: environments })).toMatchObject({
    ok: false,
    error: { said: { id: 'files.notChosen' } },
  })

  // Each field takes its own kind of file: a file of environments is no CSV, nor the reverse.
  for (const [format, name] of [
    ['csv', 'team.json'],
    ['json', 'rows.csv'],
  ] as const)
    expect(
      await shell.call('files:upload', { upload: null, format, name, data: '', last: true }),
    ).toMatchObject({ ok: false, error: { said: { id: 'files.typedPathOpenType' } } })

  // Uploads begun all at once still meet the limit of uploads under way.
  const begun = await Promise.all(
    Array.from({ length: 6 }, () =>
      shell.call('files:upload', {
        upload: null,
        format: 'csv',
        name: 'many.csv',
        data: b64('a'),
        last: false,
      }),
    ),
  )
  expect(begun.filter((answer) => answer.ok)).toHaveLength(4)
  expect(begun.filter((answer) => !answer.ok)).toHaveLength(2)

  // The copies go with the console.
  await shell.stop()
  expect(SHELL_COPIES().length).toBe(before)
})

it('the window takes files from its own dialog only', async () => {
  expect(
    await window.call('files:upload', {
      upload: null,
      format: 'csv',
      name: 'x.csv',
      data: b64('a'),
      last: true,
    }),
  ).toMatchObject({
    ok: false,
    error: {
      code: 'VALIDATION',
      said: expect.objectContaining({ text: expect.stringContaining('browser shell') }),
    },
  })
})
