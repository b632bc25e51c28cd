import { accessSync, constants } from 'node:fs'
import { delimiter, join } from 'node:path'

export type BrowserChoice = { path: string } | { missing: string }

const LINUX_NAMES = [
  'google-chrome',
  'google-chrome-stable',
  'chromium',
  'chromium-browser',
  'microsoft-edge',
  'microsoft-edge-stable',
]

function installedPaths(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): string[] {
  if (platform === 'darwin') {
    return [
      '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
      '/Applications/Chromium.app/Contents/MacOS/Chromium',
      '/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge',
    ]
  }
  if (platform === 'win32') {
    const roots = [env.PROGRAMFILES, env['PROGRAMFILES(X86)'], env.LOCALAPPDATA].filter(
      (root): root is string => Boolean(root),
    )
    return roots.flatMap((root) => [
      join(root, 'Google', 'Chrome', 'Application', 'chrome.exe'),
      join(root, 'Microsoft', 'Edge', 'Application', 'msedge.exe'),
      join(root, 'Chromium', 'Application', 'chrome.exe'),
    ])
  }
  const folders = (env.PATH ?? '').split(delimiter).filter(Boolean)
  return LINUX_NAMES.flatMap((name) => folders.map((folder) => join(folder, name)))
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

/**
 * The Chrome, Chromium or Edge the browser shell opens: the one named (`--browser-path` or
 * INTEGRATOR_CONSOLE_BROWSER), else the first installed one. When none is found the answer says
 * what was looked for, so the message can name it.
 */
export function findBrowser(
  named: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): BrowserChoice {
  const wanted = named ?? env.INTEGRATOR_CONSOLE_BROWSER
  if (wanted) {
    return isExecutable(wanted)
      ? { path: wanted }
      : {
          missing: `the browser named by --browser-path or INTEGRATOR_CONSOLE_BROWSER (${wanted}) is not an executable file`,
        }
  }
  const found = installedPaths(platform, env).find(isExecutable)
  if (found) return { path: found }
  const lookedFor =
    platform === 'linux' || platform === 'freebsd' || platform === 'openbsd'
      ? `${LINUX_NAMES.join(', ')} on PATH`
      : installedPaths(platform, env).join(', ')
  return {
    missing: `no Chrome, Chromium or Edge was found (looked for ${lookedFor}). Install one, or name it with --browser-path or INTEGRATOR_CONSOLE_BROWSER`,
  }
}
