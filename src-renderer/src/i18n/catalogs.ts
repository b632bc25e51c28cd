import type { Messages } from '@lingui/core'
import { createRecognizer, type Recognize } from '@shared/messages/message-text'
import type { Language } from '@shared/messages/languages'
import { RULE_MESSAGES } from '@shared/messages/rule-messages'

// Every catalog, compiled by the Lingui plugin at build time; a language's catalogs make one chunk
// (see electron.vite.config.ts), fetched only when the page speaks it. The shared messages arrive
// in English, and are said again in English too: with each field named by its label.
const CATALOGS = import.meta.glob<{ messages: Messages }>([
  '../../../src-shared/messages/locales/*.po',
  '../locales/*.po',
  '../features/*/locales/*.po',
])

export interface LanguagePack {
  messages: Messages
  /** Which shared message an English text is, to say it in the page's words. */
  recognize: Recognize
}

export async function loadLanguage(language: Language): Promise<LanguagePack> {
  const loaders = Object.entries(CATALOGS)
    .filter(([path]) => path.endsWith(`/${language}.po`))
    .map(([, load]) => load())
  const [catalogs, core, sandbox] = await Promise.all([
    Promise.all(loaders),
    import('@shared/messages/core-messages'),
    import('@shared/messages/sandbox-messages'),
  ])
  return {
    messages: Object.assign({}, ...catalogs.map((catalog) => catalog.messages)) as Messages,
    recognize: createRecognizer([
      ...Object.values(RULE_MESSAGES),
      ...Object.values(core.CORE_MESSAGES),
      ...Object.values(sandbox.SANDBOX_MESSAGES),
    ]),
  }
}
