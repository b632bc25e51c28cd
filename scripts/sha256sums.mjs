// `node scripts/sha256sums.mjs FILE...`: each file's SHA-256 and name, as `sha256sum` prints
// them (so `sha256sum -c` checks them), on every OS the release workflow runs on.
import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { basename } from 'node:path'
import { pipeline } from 'node:stream/promises'

for (const file of process.argv.slice(2)) {
  const hash = createHash('sha256')
  await pipeline(createReadStream(file), hash)
  process.stdout.write(`${hash.digest('hex')}  ${basename(file)}\n`)
}
