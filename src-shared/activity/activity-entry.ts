import * as z from 'zod'
import { saidSchema } from '../messages/said-schema'

/**
 * What a call used beyond this computer's defaults, as a cURL command needs it: files by their
 * names (never their paths), secrets only by whether they are set.
 */
const callNetworkSchema = z.object({
  /** The proxy's user name, when it asks for one; its password stands as $PROXY_PASSWORD. */
  proxyUser: z.string().nullable(),
  /** The CA file trusted with the default authorities, or instead of them (caOnly). */
  caFile: z.string().nullable(),
  caOnly: z.boolean(),
  clientCertificate: z
    .union([
      z.object({ certFile: z.string(), keyFile: z.string() }),
      z.object({ pkcs12File: z.string() }),
    ])
    .nullable(),
  /** Whether the client key's passphrase is set: it stands as $CLIENT_KEY_PASSPHRASE. */
  passphrase: z.boolean(),
  /** The kind of computer that made the call, where its cURL command runs: how curl keeps its store. */
  platform: z.enum(['linux', 'mac', 'windows', 'other']),
})
export type CallNetwork = z.output<typeof callNetworkSchema>

/**
 * What decided how a call left: the environment's setting (None, or its proxy URL), the proxy
 * variables, this computer's settings (PAC), or a plain-http address, which stays on it.
 */
const routeReasonSchema = z.enum(['setting', 'variables', 'system', 'loopback'])
export type RouteReason = z.output<typeof routeReasonSchema>

export const activityEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  environmentId: z.string(),
  environmentName: z.string(),
  /** What the call was for, as the user would say it: "Create user", "Authenticate". */
  operation: saidSchema,
  method: z.string(),
  url: z.string(),
  /** The proxy the call went through (its origin, no name or password), or null: straight. */
  proxy: z.string().nullable(),
  /** What chose `proxy`, or chose none: what the cURL command repeats. */
  routedBy: routeReasonSchema,
  /** Its proxy user and TLS files, or null when it used neither. */
  network: callNetworkSchema.nullable(),
  /** Header values as sent, with every secret replaced by its shell variable. */
  requestHeaders: z.record(z.string(), z.string()),
  requestBody: z.string().nullable(),
  status: z.number().int().nullable(),
  responseBody: z.string().nullable(),
  durationMs: z.number(),
  /** Set when no HTTP answer came back (timeout, connection refused...). */
  failure: saidSchema.nullable(),
  /**
   * The answer a probe looks for when it is not a 2xx: a connection test asks for a user that
   * cannot exist, and its 404 means the credentials were accepted. Null for an ordinary call.
   */
  expectedStatus: z.number().int().nullable(),
})
export type ActivityEntry = z.output<typeof activityEntrySchema>

/** Where each secret stands in a redacted entry and in a copied cURL command. */
export const SECRET_PLACEHOLDERS = {
  apiKey: '$API_KEY',
  secretKey: '$SECRET_KEY',
  userTokenSecret: '$USER_TOKEN_SECRET',
  proxyPassword: '$PROXY_PASSWORD',
  clientKeyPassphrase: '$CLIENT_KEY_PASSPHRASE',
} as const

/**
 * The shortest secret the console accepts. A secret is hidden wherever a service echoes it,
 * base64-encoded too, by the characters that stand for it alone: a shorter secret has so few that
 * ordinary text would hold them by chance, and it could not be told apart to be hidden.
 */
export const MIN_SECRET_CHARS = 8
