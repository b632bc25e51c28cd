// How services and gateways echo a request's credentials back, one form per route of the hostile
// server (hostile-server.ts): the tests check that none of them reaches a user.

/** Routes that echo the request's credentials in one form each (see ECHOES); `echo-forms`, in all. */
export const ECHO_FORM_ROUTES = [
  'echo-long',
  'echo-json',
  'echo-url',
  'echo-base64',
  'echo-basic',
] as const
export type EchoFormRoute = (typeof ECHO_FORM_ROUTES)[number]

export interface Credentials {
  apiKey: string
  secretKey: string
}

const base64 = (text: string) => Buffer.from(text).toString('base64')

/** Where an error text is clipped for the page: an echo across it is cut in two. */
const CLIP_AT = 300
const LONG_BODY_CHARS = 1000

/** What each echo route says: the credentials written as services and gateways write them. */
export const ECHOES: Record<EchoFormRoute, (credentials: Credentials) => string> = {
  // The key at the start of a 1,000-character text, and again across the clip.
  'echo-long': ({ apiKey }) => {
    const start = `${apiKey} is not a key of this service. `
    const across = CLIP_AT - Math.floor(apiKey.length / 2)
    return `${start.padEnd(across, '.')}${apiKey}`.padEnd(LONG_BODY_CHARS, '.')
  },
  // An upstream's JSON error quoted as text: the keys JSON-escaped, twice once in a JSON body.
  'echo-json': (credentials) => `Upstream refused ${JSON.stringify(credentials)}`,
  'echo-url': ({ apiKey, secretKey }) =>
    `Redirect refused: https://upstream.example/auth?apiKey=${encodeURIComponent(apiKey).replace(
      /%[0-9A-F]{2}/g,
      (escape) => escape.toLowerCase(),
    )}&${new URLSearchParams({ secretKey }).toString()}`,
  // Inside longer base64 texts, at each of the three alignments.
  'echo-base64': ({ apiKey, secretKey }) =>
    ['a', 'bb', 'ccc']
      .map((before) => `trace ${base64(`${before}:${apiKey}:${secretKey}:end`)}`)
      .join(', '),
  'echo-basic': ({ apiKey, secretKey }) =>
    `Authorization: Basic ${base64(`${apiKey}:${secretKey}`)} refused; Basic ${base64(
      `${secretKey}:${apiKey}`,
    )} too`,
}
