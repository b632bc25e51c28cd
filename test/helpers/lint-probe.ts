import { resolve } from 'node:path'
import { ESLint } from 'eslint'

const ROOT = resolve(import.meta.dirname, '../..')

/**
 * One ESLint per rule, with that rule alone on and no type-checked program. The rules the probes
 * check read imports and syntax, not types; without the program (projectService builds one per
 * TypeScript file) and without the other rules (import-x/no-cycle follows every import the probe
 * reaches), a probe takes milliseconds instead of a second or more.
 */
const linters = new Map<string, ESLint>()

function linterFor(rule: string): ESLint {
  const known = linters.get(rule)
  if (known) return known
  const linter = new ESLint({
    cwd: ROOT,
    ruleFilter: ({ ruleId }) => ruleId === rule,
    overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  })
  linters.set(rule, linter)
  return linter
}

/** What `rule` reports on `source` placed at `filePath` (from the repository's root). */
export async function lintProbe(filePath: string, source: string, rule: string): Promise<string[]> {
  const results = await linterFor(rule).lintText(`${source}\n`, {
    filePath: resolve(ROOT, filePath),
  })
  const messages = results.flatMap((result) => result.messages)
  // A probe that does not parse is reported by no rule: it must not pass for an allowed import.
  const fatal = messages.find((m) => m.fatal === true)
  if (fatal) throw new Error(`${filePath} does not parse: ${fatal.message}`)
  return messages.filter((m) => m.ruleId === rule).map((m) => m.message)
}

const everyRule = new ESLint({ cwd: ROOT })

/** Every rule `source` placed at `filePath` breaks, by the whole config. */
export async function rulesBroken(filePath: string, source: string): Promise<(string | null)[]> {
  const results = await everyRule.lintText(`${source}\n`, { filePath: resolve(ROOT, filePath) })
  return results.flatMap((result) => result.messages).map((m) => m.ruleId)
}
