import type { ClientOptions } from './client'
import type { CoreFailure } from './client-errors'

type SecretOption = keyof Pick<ClientOptions, 'apiKey' | 'secretKey' | 'userTokenSecret'>

const GIVE = "Give it in createClient's options (a sandbox's is in sandbox.credentials)."

/**
 * The core's messages that advise the window ("Set it in Environments"), as code meets them: the
 * fix is an option of createClient, so the Node API names the option, as a field too.
 */
const WORDED: Readonly<Record<string, { text: string; options: readonly SecretOption[] }>> = {
  'core.apiKeyMissing': {
    text: `createClient was given no apiKey: every call to the service sends it. ${GIVE}`,
    options: ['apiKey'],
  },
  'core.secretKeyMissing': {
    text: `createClient was given no secretKey: every call to the service sends it. ${GIVE}`,
    options: ['secretKey'],
  },
  'core.credentialsMissing': {
    text: "createClient was given no apiKey and no secretKey: every call to the service sends them. Give them in createClient's options (a sandbox's are in sandbox.credentials).",
    options: ['apiKey', 'secretKey'],
  },
  'core.userTokenSecretMissing': {
    text: `createClient was given no userTokenSecret: issueJwt hashes the user's identifier with it. ${GIVE}`,
    options: ['userTokenSecret'],
  },
}

/** A core failure as the Node API words it: unchanged unless it advises the window. */
export function apiWorded(error: CoreFailure): CoreFailure {
  const worded = WORDED[error.said.id]
  if (!worded) return error
  const { text, options } = worded
  return {
    ...error,
    said: { id: error.said.id, text },
    fieldErrors: Object.fromEntries(options.map((option) => [option, [{ text }]])),
  }
}
