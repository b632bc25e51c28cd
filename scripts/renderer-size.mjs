// `npm run size`: what the page costs to load, gzip-compressed. The budget holds the code and
// styles a window loads before its first screen shows: the shell, and the chunks of the screen it
// opens on (Look up), which main.tsx fetches beside the words; every other screen comes when it
// is first opened and is reported beside it. Each language's words (its catalogs, and for Spanish
// the tables it recognises the core's and the sandbox's English messages by) come after, fetched
// only by a page that speaks it, and are reported beside it with the total a page in that language
// loads, against the English-only build the page once was. Run after `npm run build`.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

// out/renderer of commit 8a8184b (English only, every screen loaded at start), measured with this
// script.
const BASELINE_BYTES = 158_880
// What a window loaded before its first screen once each screen's code was its own chunk and the
// shared schemas nobody uses at start were left out (issue 44); the shell may grow 5 KiB past it.
const START_BYTES = 149_550
const BUDGET_BYTES = START_BYTES + 5 * 1024
const OPENING_SCREEN = 'src/features/users/components/lookup-screen.tsx'
const LANGUAGES = ['en', 'es']

const dir = 'out/renderer/assets'
const files = readdirSync(dir).filter((name) => /\.(js|css)$/.test(name))
const gzipped = (name) => gzipSync(readFileSync(join(dir, name)), { level: 9 }).length
const RECOGNITION_TABLES = /^(core|sandbox)-messages-/
const isLanguageData = (name) => /^messages-\w+-/.test(name) || RECOGNITION_TABLES.test(name)
const bytes = (names) => names.reduce((sum, name) => sum + gzipped(name), 0)
const kib = (value) => `${(value / 1024).toFixed(1)} KiB`
const signed = (value) => `${value >= 0 ? '+' : '−'}${kib(Math.abs(value))}`

const manifestFile = 'out/renderer/.vite/manifest.json'
if (!existsSync(manifestFile)) {
  process.stderr.write(`no renderer build in ${dir}: run npm run build first\n`)
  process.exit(1)
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'))
/** The chunks a chunk needs before it runs: itself and what it imports statically, in depth. */
function needed(key, found = new Set()) {
  if (found.has(key) || !manifest[key]) return found
  found.add(key)
  for (const imported of manifest[key].imports ?? []) needed(imported, found)
  return found
}
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry)
const atStart = new Set(
  [...needed(OPENING_SCREEN, needed(entryKey))].flatMap((key) =>
    [manifest[key].file, ...(manifest[key].css ?? [])].map((file) => file.replace(/^assets\//, '')),
  ),
)
const start = files.filter((name) => atStart.has(name))
const onFirstUse = files.filter((name) => !atStart.has(name) && !isLanguageData(name))
const startBytes = bytes(start)
const over = startBytes > BUDGET_BYTES
process.stdout.write(
  `code and styles loaded before the first screen (the shell and Look up): ${kib(startBytes)} gzip, budget ${kib(BUDGET_BYTES)} (${kib(START_BYTES)} when set, + 5 KiB): ${over ? 'OVER' : 'within'}\n`,
)
process.stdout.write(
  `  + ${kib(bytes(onFirstUse))} of screens fetched when first opened (${onFirstUse.join(', ')})\n`,
)
for (const language of LANGUAGES) {
  const words = files.filter(
    (name) =>
      name.startsWith(`messages-${language}-`) ||
      (language !== 'en' && RECOGNITION_TABLES.test(name)),
  )
  const wordBytes = bytes(words)
  const page = startBytes + wordBytes
  process.stdout.write(
    `  ${language}: + ${kib(wordBytes)} of words fetched when the page speaks it (${words.join(', ')}) = ${kib(page)}, ${signed(page - BASELINE_BYTES)} against the English-only build\n`,
  )
}
process.exit(over ? 1 : 0)
