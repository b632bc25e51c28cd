import { z } from 'zod'

export const activityEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  environmentId: z.string(),
  environmentName: z.string(),
  /** What the call was for, as the user would say it: "Create user", "Authenticate". */
  operation: z.string(),
  method: z.string(),
  url: z.string(),
  /** Header values as sent, with every secret replaced by its shell variable. */
  requestHeaders: z.record(z.string(), z.string()),
  requestBody: z.string().nullable(),
  status: z.number().int().nullable(),
  responseBody: z.string().nullable(),
  durationMs: z.number(),
  /** Set when no HTTP answer came back (timeout, connection refused...). */
  failure: z.string().nullable(),
})
export type ActivityEntry = z.output<typeof activityEntrySchema>

/** Where each secret stands in a redacted entry and in a copied cURL command. */
export const SECRET_PLACEHOLDERS = {
  apiKey: '$API_KEY',
  secretKey: '$SECRET_KEY',
  userTokenSecret: '$USER_TOKEN_SECRET',
} as const
