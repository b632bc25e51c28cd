import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { makeTempDir } from '../../../test/helpers/temp-dir'
import { checkTypedPath, typedPathProblem } from './typed-path-rules'

describe('typed paths in the browser shell, judged by their text', () => {
  it.each([
    ['/home/ana/.ssh/id_rsa.csv', 'typedPathHidden'],
    ['/home/ana/.bashrc', 'typedPathHidden'],
    ['/home/ana/.config/autostart/run.csv', 'typedPathHidden'],
    ['C:\\Users\\ana\\.aws\\credentials.csv', 'typedPathHidden'],
    ['/home/ana/notes/../.ssh/x.csv', 'typedPathHidden'],
    ['\\\\server\\share\\users.csv', 'typedPathShare'],
    ['//server/share/users.csv', 'typedPathShare'],
    ['C:\\Users\\ana\\users.csv:hidden', 'typedPathStream'],
    ['/home/ana/users.sh', 'typedPathOpenType'],
    ['/home/ana/users', 'typedPathOpenType'],
  ])('refuses to read %s (%s)', (path, problem) => {
    expect(typedPathProblem(path, 'open', 'csv')).toBe(problem)
  })

  it.each(['/home/ana/users.csv', '/home/ana/Altas 2026.TXT', 'C:\\Users\\ana\\altas.csv'])(
    'lets %s be read',
    (path) => {
      expect(typedPathProblem(path, 'open', 'csv')).toBeNull()
    },
  )

  it('saves only as the format asked for, never as .txt or a script', () => {
    expect(typedPathProblem('/home/ana/results.csv', 'save', 'csv')).toBeNull()
    expect(typedPathProblem('/home/ana/export.json', 'save', 'json')).toBeNull()
    expect(typedPathProblem('/home/ana/results.txt', 'save', 'csv')).toBe('typedPathSaveType')
    expect(typedPathProblem('/home/ana/export.csv', 'save', 'json')).toBe('typedPathSaveType')
    expect(typedPathProblem('/home/ana/.profile.csv', 'save', 'csv')).toBe('typedPathHidden')
  })

  it('reads a file of environments only as the user picked it, never from a typed path', async () => {
    expect(typedPathProblem('/home/ana/team.json', 'open', 'json')).toBe('typedPathOpenPicked')
    const refusal = await checkTypedPath('/home/ana/team.txt', 'open', 'pem').catch(
      (error: unknown) => error,
    )
    expect(refusal).toMatchObject({
      said: { id: 'files.typedPathOpenType', values: { endings: '.pem, .crt, .cer, .key' } },
    })
  })
})

describe('typed paths in the browser shell, judged where they lead', () => {
  const home = makeTempDir('typed-paths')
  afterAll(home.remove)
  mkdirSync(join(home.path, '.ssh'))
  writeFileSync(join(home.path, '.ssh', 'id_rsa'), 'key')
  writeFileSync(join(home.path, 'users.csv'), 'token\n')
  mkdirSync(join(home.path, 'folder.csv'))
  symlinkSync(join(home.path, '.ssh', 'id_rsa'), join(home.path, 'innocent.csv'))
  symlinkSync(join(home.path, '.ssh'), join(home.path, 'keys'))
  const at = (name: string) => join(home.path, name)

  it('reads a plain CSV, and leaves a missing one for the read to report', async () => {
    await expect(checkTypedPath(at('users.csv'), 'open', 'csv')).resolves.toBeUndefined()
    await expect(checkTypedPath(at('missing.csv'), 'open', 'csv')).resolves.toBeUndefined()
  })

  it('follows links: a .csv name that leads into a hidden folder is refused', async () => {
    await expect(checkTypedPath(at('innocent.csv'), 'open', 'csv')).rejects.toMatchObject({
      code: 'VALIDATION',
      message: `The path ${at('innocent.csv')} is inside a hidden folder or names a hidden file (a name starting with a dot), which the console does not read or write here.`,
    })
    await expect(checkTypedPath(at('keys/new.csv'), 'save', 'csv')).rejects.toMatchObject({
      code: 'VALIDATION',
    })
  })

  it('refuses a folder to read and any existing file to save over, naming the path', async () => {
    await expect(checkTypedPath(at('folder.csv'), 'open', 'csv')).rejects.toMatchObject({
      said: expect.objectContaining({ text: expect.stringContaining('is not a file') }),
    })
    await expect(checkTypedPath(at('users.csv'), 'save', 'csv')).rejects.toMatchObject({
      message: expect.stringContaining(`${at('users.csv')} already exists`),
    })
    await expect(checkTypedPath(at('new.csv'), 'save', 'csv')).resolves.toBeUndefined()
  })
})
