import type { FullConfig } from '@playwright/test'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { makeTempDir } from '../../test/helpers/temp-dir'
import globalSetup from './global-setup'

const dir = makeTempDir('global-setup')
afterAll(() => dir.remove())

/** A config as Playwright hands it to a global setup: its file and each project's `use`. */
function config(...uses: object[]): FullConfig {
  return {
    configFile: join(dir.path, 'playwright.config.ts'),
    projects: uses.map((use, index) => ({ name: `project ${index + 1}`, use })),
  } as unknown as FullConfig
}

describe("the global setup, before any worker's sandbox starts", () => {
  it("passes a config whose seeds the service's rules accept, a file found from its folder", () => {
    writeFileSync(join(dir.path, 'seed.json'), '[{ "token": "ana@example.com", "status": 2 }]')
    expect(() => globalSetup(config({ sandboxOptions: { seed: './seed.json' } }, {}))).not.toThrow()
  })

  it('fails the run once, naming the project, the file, the user and the field', () => {
    writeFileSync(join(dir.path, 'bad.csv'), 'token;status;nid_number\nana;0;00973305R\n')
    const setUp = () => globalSetup(config({}, { sandboxOptions: { seed: './bad.csv' } }))
    expect(setUp).toThrow(/^project "project 2": seed file .*bad\.csv.*user 1.*nid_number/s)
  })

  it('fails a seed file that is not there, and a port a worker cannot share', () => {
    expect(() => globalSetup(config({ sandboxOptions: { seed: './missing.json' } }))).toThrow(
      /missing\.json cannot be read/,
    )
    expect(() => globalSetup(config({ sandboxOptions: { port: 4010 } }))).toThrow(
      /sandboxOptions\.port/,
    )
  })
})
