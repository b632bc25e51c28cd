// What both documents share: how a body and a reference are written, the two credential headers,
// and where a document saved to a file says the sandbox is.
import type { JsonSchema } from './openapi-schemas'
import { DEFAULTS } from '../options'

export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })

/** Examples by name, as OpenAPI's Example Objects. */
export function named(examples: Record<string, unknown>): Record<string, { value: unknown }> {
  return Object.fromEntries(Object.entries(examples).map(([name, value]) => [name, { value }]))
}

/** A JSON body of this schema, with its named examples when it has some. */
export function json(schema: JsonSchema, examples?: Record<string, unknown>) {
  return { 'application/json': { schema, ...(examples && { examples: named(examples) }) } }
}

export const CREDENTIALS = [{ apiKey: [], secretKey: [] }]

export const SECURITY_SCHEMES = {
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'apiKey',
    description:
      "The integrator's API key, sent as it was issued. Every call of the service needs it together with secretKey; a 401 says which is missing or that the pair is refused.",
  },
  secretKey: {
    type: 'apiKey',
    in: 'header',
    name: 'secretKey',
    description:
      "The integrator's secret key, sent as it was issued, beside apiKey. It is never answered back, nor part of any body.",
  },
}

/**
 * Each document's own version (OpenAPI's info.version), raised with the contract it states; the
 * sandbox is also started where no package.json can be imported (a Playwright suite's loader).
 */
export const DOCUMENT_VERSION = '2.0.0'

// The project is not published under an open licence (package.json is private): said so in SPDX's
// form for a reference to a licence of one's own.
export const LICENSE = { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' }

/** Served, a document names the sandbox that served it instead (own-routes.ts). */
export const LOCAL_SERVERS = [
  {
    url: 'http://127.0.0.1:{port}',
    description: 'A sandbox on this machine (the document saved to a file)',
    variables: { port: { default: String(DEFAULTS.port) } },
  },
]
