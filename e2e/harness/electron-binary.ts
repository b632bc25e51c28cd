import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'

/** Where the Electron binary is, or why there is none (it is downloaded at install time). */
export function electronBinary(): { path: string } | { missing: string } {
  try {
    const path = createRequire(import.meta.url)('electron') as unknown
    if (typeof path === 'string' && existsSync(path)) return { path }
    return { missing: 'the electron package is installed without its binary' }
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error)
    return {
      missing: `no Electron binary (${reason}); it is downloaded at install time, which needs access to GitHub. The renderer project covers these specs here.`,
    }
  }
}
