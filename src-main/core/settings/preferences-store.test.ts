import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { AppError } from '../errors/app-error'
import { createPreferencesStore, PREFERENCES_FILE } from './preferences-store'

describe('preferences store', () => {
  const folders: string[] = []
  const folder = () => {
    const dir = mkdtempSync(join(tmpdir(), 'ic-preferences-'))
    folders.push(dir)
    return dir
  }
  afterEach(() => {
    for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true })
  })

  it('follows the operating system until a language is chosen, then keeps the choice', async () => {
    const dir = folder()
    expect(await createPreferencesStore(dir).read()).toEqual({ language: null, theme: 'system' })
    await createPreferencesStore(dir).change({ language: 'es' })
    expect(await createPreferencesStore(dir).read()).toEqual({ language: 'es', theme: 'system' })
    await createPreferencesStore(dir).change({ language: null })
    expect(await createPreferencesStore(dir).read()).toEqual({ language: null, theme: 'system' })
  })

  it('keeps a theme beside the language, each change leaving the other choice as it was', async () => {
    const dir = folder()
    const store = createPreferencesStore(dir)
    // Both switchers used at once: neither change is lost to the other.
    await Promise.all([store.change({ theme: 'dark' }), store.change({ language: 'es' })])
    expect(await createPreferencesStore(dir).read()).toEqual({ language: 'es', theme: 'dark' })
    await store.change({ theme: 'light' })
    expect(await createPreferencesStore(dir).read()).toEqual({ language: 'es', theme: 'light' })
    await store.change({ language: 'en' })
    expect(await createPreferencesStore(dir).read()).toEqual({ language: 'en', theme: 'light' })
  })

  it('reads a file from before the theme could be chosen as following the system', async () => {
    const dir = folder()
    writeFileSync(join(dir, PREFERENCES_FILE), '{"language":"es"}')
    expect(await createPreferencesStore(dir).read()).toEqual({ language: 'es', theme: 'system' })
  })

  it('reads a file it cannot understand as no choice, and replaces it with the next one', async () => {
    const dir = folder()
    const path = join(dir, PREFERENCES_FILE)
    for (const content of [
      '{not json',
      '{"language":"fr"}',
      '{"language":"es","theme":"blue"}',
      '[]',
    ]) {
      writeFileSync(path, content)
      expect(await createPreferencesStore(dir).read()).toEqual({ language: null, theme: 'system' })
    }
    await createPreferencesStore(dir).change({ language: 'en' })
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ language: 'en', theme: 'system' })
  })

  it('says why a choice could not be saved', async () => {
    // A file where the data folder should be: no user, root included, can write under it.
    const notAFolder = join(folder(), 'data')
    writeFileSync(notAFolder, '')
    const failure = await createPreferencesStore(notAFolder)
      .change({ language: 'es' })
      .catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(AppError)
    expect(failure).toMatchObject({ code: 'SETTINGS_UNREADABLE' })
    // It says which folder and why, by the folder's name: the page is told no path.
    expect((failure as AppError).message).toBe(
      "The preferences could not be saved in data: EEXIST: file already exists, mkdir 'data'",
    )
  })
})
