import type { Messages } from '@lingui/core'
import type { Language } from '@shared/messages/languages'

// Every catalog, compiled by the Lingui plugin at build time; a language's catalogs make one chunk
// (see electron.vite.config.ts), fetched only when the page speaks it. The shared messages are
// worded from their ids in English too: with each field named by its label.
const CATALOGS = import.meta.glob<{ messages: Messages }>([
  '../../../src-shared/messages/locales/*.po',
  '../locales/*.po',
  '../features/*/locales/*.po',
])

/** A language's words: the page's own and the shared messages main and the schemas say. */
export async function loadLanguage(language: Language): Promise<Messages> {
  const catalogs = await Promise.all(
    Object.entries(CATALOGS)
      .filter(([path]) => path.endsWith(`/${language}.po`))
      .map(([, load]) => load()),
  )
  return Object.assign({}, ...catalogs.map((catalog) => catalog.messages)) as Messages
}
