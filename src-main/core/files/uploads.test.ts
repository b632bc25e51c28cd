import { readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startTestCore, type TestCore } from '../../../test/helpers/core'
import { makeTempDir } from '../../../test/helpers/temp-dir'
import { createFileGrants } from './file-grants'
import { createUploads } from './uploads'

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

const piece = (upload: string | null, text: string, last: boolean) =>
  ({ upload, format: 'csv', name: 'equipo.csv', data: b64(text), last }) as const

it('a file refused because the copies held are full says that limit, not the size of one file', async () => {
  const data = makeTempDir('upload-limits')
  // Room for 1 MiB of copies in all: each file fits its own limit, the second not in what is left.
  const uploads = createUploads(createFileGrants({ dataDirectory: data.path }), 1024 * 1024)
  try {
    const half = 'x'.repeat(600 * 1024)
    await expect(uploads.take(piece(null, half, true))).resolves.toMatchObject({ upload: null })
    await expect(uploads.take(piece(null, half, true))).rejects.toMatchObject({
      code: 'VALIDATION',
      said: { id: 'files.uploadsHeldTooMuch', values: { max: 1 } },
    })
  } finally {
    await uploads.dispose()
    data.remove()
  }
})

it('a piece sent after the last one is refused for that, not answered as a failure of main', async () => {
  const shell = startTestCore({ face: 'browser-shell' })
  try {
    const first = await shell.ok('files:upload', piece(null, 'token,status\r\nup-1,2\r\n', false))
    // Sent at once, as a page that does not wait would: the last piece, and one more after it.
    const [last, after] = await Promise.all([
      shell.call('files:upload', piece(first.upload, 'up-2,0\r\n', true)),
      shell.call('files:upload', piece(first.upload, 'MARKER,0\r\n', false)),
    ])
    const afterLast = {
      ok: false,
      error: { code: 'VALIDATION', said: { id: 'files.uploadAfterLast' } },
    }
    expect(after).toMatchObject(afterLast)
    expect(
      await shell.call('files:upload', piece(first.upload, 'MARKER,0\r\n', true)),
    ).toMatchObject(afterLast)
    // The file is what came up to its last piece.
    if (!last.ok || last.data.file === null) throw new Error('the last piece was refused')
    const plan = await shell.ok('bulk:dryRun', {
      file: last.data.file.handle,
      mode: 'create',
      mapping: ['token', 'status'],
    })
    expect(plan.rows).toBe(2)
  } finally {
    await shell.stop()
  }
})
