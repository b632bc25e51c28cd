import { describe, expect, it } from 'vitest'
import { workerSandbox } from './playwright'
import { fromFolderOf } from './worker-options'

describe("a worker's sandbox options, as a config sets them", () => {
  it('find a seed file from the config’s folder, whatever folder the run started in', () => {
    expect(workerSandbox({ seed: './seed.json' }, '/suite/e2e/playwright.config.ts')).toEqual({
      seed: '/suite/e2e/seed.json',
    })
    expect(workerSandbox({ seed: '/data/seed.csv' }, '/suite/playwright.config.ts').seed).toBe(
      '/data/seed.csv',
    )
    const users = [{ token: 'ana', status: 2 as const }]
    expect(workerSandbox({ seed: users }, '/suite/playwright.config.ts').seed).toBe(users)
  })

  it('refuse a port or a database file: each worker keeps its own', () => {
    for (const option of [{ port: 4010 }, { databasePath: '/tmp/shared.db' }])
      expect(() => workerSandbox(option as never, undefined)).toThrow(/cannot be set/)
  })
})

describe("the users factory's files", () => {
  it('are found from the folder of the test file that names them', () => {
    expect(fromFolderOf('./family.csv', '/suite/tests/members.spec.ts')).toBe(
      '/suite/tests/family.csv',
    )
    expect(fromFolderOf('/data/family.csv', '/suite/tests/members.spec.ts')).toBe(
      '/data/family.csv',
    )
  })
})
