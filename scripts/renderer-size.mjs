// `npm run size`: what the page costs to load, gzip-compressed, against the English-only build it
// replaced. The budget (that size plus 10 KiB) holds the code and styles every page loads at
// start (what index.html names: screens loaded on first use, such as Bulk, come after and are
// reported beside it); each language's words (its catalogs, and for Spanish the tables it recognises the
// core's and the sandbox's English messages by) come after, fetched only by a page that speaks
// it, and are reported beside it with the total a page in that language loads. Run after
// `npm run build`.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

// out/renderer of commit 8a8184b (English only), measured with this script.
const BASELINE_BYTES = 158_880
const BUDGET_BYTES = BASELINE_BYTES + 10 * 1024
const LANGUAGES = ['en', 'es']

const dir = 'out/renderer/assets'
const files = readdirSync(dir).filter((name) => /\.(js|css)$/.test(name))
const gzipped = (name) => gzipSync(readFileSync(join(dir, name)), { level: 9 }).length
const RECOGNITION_TABLES = /^(core|sandbox)-messages-/
const isLanguageData = (name) => /^messages-\w+-/.test(name) || RECOGNITION_TABLES.test(name)
const bytes = (names) => names.reduce((sum, name) => sum + gzipped(name), 0)
const kib = (value) => `${(value / 1024).toFixed(1)} KiB`

const entry = new Set(
  [...readFileSync('out/renderer/index.html', 'utf8').matchAll(/assets\/([^"]+)/g)].map(
    (match) => match[1],
  ),
)
const start = files.filter((name) => entry.has(name))
const onFirstUse = files.filter((name) => !entry.has(name) && !isLanguageData(name))
if (start.length === 0) {
  process.stderr.write(`no renderer build in ${dir}: run npm run build first\n`)
  process.exit(1)
}
const startBytes = bytes(start)
const over = startBytes > BUDGET_BYTES
process.stdout.write(
  `code and styles loaded at start: ${kib(startBytes)} gzip, ${startBytes - BASELINE_BYTES >= 0 ? '+' : ''}${kib(startBytes - BASELINE_BYTES)} over the English-only ${kib(BASELINE_BYTES)} (budget +10 KiB): ${over ? 'OVER' : 'within'}\n`,
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
    `  ${language}: + ${kib(wordBytes)} of words fetched when the page speaks it (${words.join(', ')}) = ${kib(page)}, +${kib(page - BASELINE_BYTES)} over the English-only build\n`,
  )
}
process.exit(over ? 1 : 0)
