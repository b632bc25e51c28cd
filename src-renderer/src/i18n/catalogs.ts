import type { Messages } from '@lingui/core'
import { createRecognizer, type Recognize } from '@shared/messages/message-text'
import { SOURCE_LANGUAGE, type Language } from '@shared/messages/languages'
import { RULE_MESSAGES } from '@shared/messages/rule-messages'

// Every catalog, compiled by the Lingui plugin at build time; a language's catalogs make one chunk
// (see electron.vite.config.ts), fetched only when the page speaks it. The shared messages' English
// catalog is not even built in: those messages arrive in English already.
const CATALOGS = import.meta.glob<{ messages: Messages }>([
  '../../../src-shared/messages/locales/*.po',
  '!../../../src-shared/messages/locales/en.po',
  '../locales/*.po',
  '../features/*/locales/*.po',
])

export interface LanguagePack {
  messages: Messages
  /** Which shared message an English text is; null in English, where nothing needs saying. */
  recognize: Recognize | null
}

export async function loadLanguage(language: Language): Promise<LanguagePack> {
  const source = language === SOURCE_LANGUAGE
  const loaders = Object.entries(CATALOGS)
    .filter(([path]) => path.endsWith(`/${language}.po`))
    .map(([, load]) => load())
  const [catalogs, core, sandbox] = await Promise.all([
    Promise.all(loaders),
    source ? null : import('@shared/messages/core-messages'),
    source ? null : import('@shared/messages/sandbox-messages'),
  ])
  return {
    messages: Object.assign({}, ...catalogs.map((catalog) => catalog.messages)) as Messages,
    recognize:
      core && sandbox
        ? createRecognizer([
            ...Object.values(RULE_MESSAGES),
            ...Object.values(core.CORE_MESSAGES),
            ...Object.values(sandbox.SANDBOX_MESSAGES),
          ])
        : null,
  }
}
