// `npm run electron:install`: says what it is about to download and from where, then lets
// Electron's own installer (@electron/get: checksums, cache, ELECTRON_MIRROR, proxy) do it.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const require = createRequire(import.meta.url)
const manifestPath = require.resolve('electron/package.json')
const { version } = JSON.parse(readFileSync(manifestPath, 'utf8'))
const platform = process.env.ELECTRON_INSTALL_PLATFORM ?? process.platform
const arch = process.env.ELECTRON_INSTALL_ARCH ?? process.arch
const mirror =
  process.env.ELECTRON_MIRROR ?? 'https://github.com/electron/electron/releases/download/'
const proxy =
  process.env.ELECTRON_GET_USE_PROXY === 'true'
    ? `through the proxy in ${['HTTPS_PROXY', 'HTTP_PROXY'].find((name) => process.env[name]) ?? '(no HTTPS_PROXY or HTTP_PROXY set)'}`
    : 'without a proxy (set ELECTRON_GET_USE_PROXY=true and HTTPS_PROXY to use one)'

process.stdout.write(
  `Downloading electron-v${version}-${platform}-${arch}.zip from ${mirror} ${proxy}; ` +
    `it is checked against the checksums in the electron package and unpacked into ` +
    `${join(dirname(manifestPath), 'dist')}.\n`,
)
const installer = join(dirname(manifestPath), 'install.js')
const result = spawnSync(process.execPath, [installer], { stdio: 'inherit' })
if (result.status !== 0) {
  process.stderr.write(
    `\nElectron's binary could not be installed. Where GitHub is unreachable, set ELECTRON_MIRROR ` +
      `to a mirror, or ELECTRON_GET_USE_PROXY=true with HTTPS_PROXY. npm start still opens the ` +
      `console in the browser shell meanwhile.\n`,
  )
  process.exit(result.status ?? 1)
}
process.stdout.write(`Electron ${version} is installed: npm start now opens the desktop window.\n`)
