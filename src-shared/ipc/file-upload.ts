import * as z from 'zod'
import { ruleText } from '../messages/rule-messages'
import { fileGrantSchema } from './payloads'

/** A piece of an upload: base64 of at most this many characters (3 MiB of the file). */
export const UPLOAD_CHUNK_CHARS = 4 * 1024 * 1024
/** The largest CSV the browser shell takes from its own chooser. */
export const MAX_UPLOAD_BYTES = 200 * 1024 * 1024
/**
 * What a file field takes from the browser's chooser: a CSV to send, a file of environments, an
 * environment's TLS file (a PEM certificate or key, a PKCS#12 file).
 */
const UPLOAD_FORMATS = ['csv', 'json', 'pem', 'pkcs12'] as const
/** The largest TLS file main reads: far above any CA bundle or key (the OS's is about 200 KiB). */
export const MAX_TLS_FILE_BYTES = 4 * 1024 * 1024

/**
 * A file the browser shell's user picked in the browser's own chooser (or dropped on the page)
 * for a field that reads this format: its bytes, sent in pieces, become a file only main holds,
 * granted for reading in that format alone. The page names no path; it can only give main bytes
 * it was given.
 */
export const fileUploadInputSchema = z.object({
  /** null for the first piece; then the id the first piece answered. */
  upload: z.uuid({ error: ruleText('unknownId') }).nullable(),
  format: z.enum(UPLOAD_FORMATS, {
    error: ruleText('choice', { field: 'format', choices: UPLOAD_FORMATS.join(', ') }),
  }),
  name: z
    .string()
    .min(1)
    .max(255)
    // eslint-disable-next-line no-control-regex
    .refine((name) => !/[\\/:\u0000-\u001f]/.test(name) && !name.startsWith('.'), {
      error: ruleText('plainFileName', { field: 'name' }),
    }),
  data: z
    .string()
    .max(UPLOAD_CHUNK_CHARS)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: ruleText('notText', { field: 'data' }) }),
  last: z.boolean(),
})
export type FileUploadInput = z.output<typeof fileUploadInputSchema>
export type UploadFormat = FileUploadInput['format']

export const fileUploadSchema = z.object({
  /** The upload to send the next piece to; null once the last piece was taken. */
  upload: z.uuid().nullable(),
  /** The file, granted for reading, once the last piece was taken. */
  file: fileGrantSchema.nullable(),
})
