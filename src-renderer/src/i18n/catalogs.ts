import type { Messages } from '@lingui/core'
import type { Language } from '@shared/messages'

// Every catalog, each compiled by the Lingui plugin at build time into a chunk of its own: the
// shared schemas' and core's messages, the page shell's, and one per feature folder. Only the
// chosen language's are fetched.
const CATALOGS = import.meta.glob<{ messages: Messages }>([
  '../../../src-shared/messages/locales/*.po',
  '../locales/*.po',
  '../features/*/locales/*.po',
])

export async function loadMessages(language: Language): Promise<Messages> {
  const loaders = Object.entries(CATALOGS)
    .filter(([path]) => path.endsWith(`/${language}.po`))
    .map(([, load]) => load())
  const catalogs = await Promise.all(loaders)
  return Object.assign({}, ...catalogs.map((catalog) => catalog.messages)) as Messages
}
