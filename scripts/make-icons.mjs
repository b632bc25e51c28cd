// Renders scripts/packaging/icon.svg into every size the installers take: out/icons/NxN.png for
// Linux (AppImage and deb pick them by name) and out/icons/icon.png at 1024 px, from which
// electron-builder makes the macOS .icns and the Windows .ico.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Resvg } from '@resvg/resvg-js'

const ICON_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024]
const SOURCE = join(import.meta.dirname, 'packaging', 'icon.svg')
const TARGET = join(import.meta.dirname, '..', 'out', 'icons')

const svg = readFileSync(SOURCE)
mkdirSync(TARGET, { recursive: true })
for (const size of ICON_SIZES) {
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng()
  writeFileSync(join(TARGET, `${size}x${size}.png`), png)
  if (size === 1024) writeFileSync(join(TARGET, 'icon.png'), png)
}
