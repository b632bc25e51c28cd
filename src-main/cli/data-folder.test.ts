import { describe, expect, it } from 'vitest'
import { defaultDataDirectory } from '../core/storage/data-directory'
import { cliDataFolder } from './data-folder'

describe("the command line's data folder", () => {
  it("is the window's unless INTEGRATOR_CONSOLE_USER_DATA names one of the caller's own", () => {
    const env = { XDG_CONFIG_HOME: '/home/ana/.config', APPDATA: 'C:\\Users\\ana\\AppData' }
    expect(cliDataFolder(env)).toEqual({ path: defaultDataDirectory(env), window: true })
    expect(cliDataFolder({ ...env, INTEGRATOR_CONSOLE_USER_DATA: '/suite/data' })).toEqual({
      path: '/suite/data',
      window: false,
    })
  })
})
