// What scripts/compile-shared-catalogs.mjs does with one language's catalog, decided apart from
// Lingui and the disk so that a test holds it. A message with no translation yet is the normal
// state between `npm run i18n:extract` and filling the .po: it is compiled in English and listed,
// never a failure here; `npm run i18n:check` (`lingui check missing`) is what refuses it.

/**
 * @param {{
 *   locale: string
 *   missing: readonly { id: string; source: string }[]
 *   errors: readonly { id: string; error: { message: string } }[]
 *   stale: boolean
 *   checkOnly: boolean
 * }} found
 * @returns {{ write: boolean; failures: string[]; notices: string[] }}
 */
export function catalogOutcome({ locale, missing, errors, stale, checkOnly }) {
  const po = `src-shared/messages/locales/${locale}.po`
  const notices =
    missing.length === 0
      ? []
      : [
          `${po}: ${missing.length} message(s) with no translation yet, shown in English until ` +
            `you fill their msgstr (npm run i18n:check fails until then):`,
          ...missing.map(({ id, source }) => `  ${id}: ${source}`),
        ]
  // A translation that does not compile would reach the faces broken: one line per message.
  const failures = errors.map(
    ({ id, error }) => `${po}: ${id} does not compile: ${error.message.split('\n')[0] ?? ''}`,
  )
  if (failures.length === 0 && stale && checkOnly)
    failures.push(
      `src-shared/messages/locales/${locale}.compiled.ts is not what ${locale}.po compiles to: ` +
        'run npm run i18n:extract',
    )
  return { write: failures.length === 0 && stale && !checkOnly, failures, notices }
}
