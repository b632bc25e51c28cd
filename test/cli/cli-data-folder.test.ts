import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runBuiltCli, without } from '../helpers/cli-process'
import { makeTempDir } from '../helpers/temp-dir'

const home = makeTempDir('cli-data-folder')
afterAll(() => home.remove())

// A machine whose console keeps its data under this home, and a keychain service of the test's.
const machine = {
  ...without(process.env, 'INTEGRATOR_CONSOLE_USER_DATA'),
  INTEGRATOR_CONSOLE_KEYCHAIN_SERVICE: `integrator-console-test-${process.pid}-data-folder`,
  HOME: home.path,
  XDG_CONFIG_HOME: join(home.path, '.config'),
}
const windowFolder = join(home.path, '.config', 'integrator-console')

describe("env add, as a suite runs it: the desktop's list only where it says so", () => {
  it("says it wrote into the window's list, and where that list is", async () => {
    const added = await runBuiltCli(['env', 'add', 'Suite', '--base-url', 'http://127.0.0.1:9'], {
      env: machine,
    })
    expect(added.code).toBe(0)
    expect(added.stderr).toContain(`environment list (${windowFolder}), which its window shows`)
    expect(added.stderr).toContain('INTEGRATOR_CONSOLE_USER_DATA=DIR')
  })

  it("keeps a suite's own list apart from the window's, and says nothing of it", async () => {
    const own = { ...machine, INTEGRATOR_CONSOLE_USER_DATA: join(home.path, 'suite-data') }
    const added = await runBuiltCli(['env', 'add', 'Apart', '--base-url', 'http://127.0.0.1:9'], {
      env: own,
    })
    expect(added.code).toBe(0)
    expect(added.stderr).not.toContain('environment list')
    const windowList = await runBuiltCli(['env', 'list'], { env: machine })
    expect(windowList.stdout).not.toContain('Apart')
    expect((await runBuiltCli(['env', 'list'], { env: own })).stdout).toContain('Apart')
  })
})
