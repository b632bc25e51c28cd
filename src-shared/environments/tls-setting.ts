import * as z from 'zod'
import { fileHandleSchema, filePathSchema } from '../bulk/file-path'
import { ruleText } from '../messages/rule-messages'
import { saidSchema } from '../messages/said-schema'

const CLIENT_CERTIFICATE_FORMATS = ['pem', 'pkcs12'] as const

/**
 * A client certificate (mTLS), as files main reads: a PEM certificate and its key, or one
 * PKCS#12 file. A key's passphrase is a secret of the environment, kept by the keychain.
 */
const clientCertificateSchema = z.discriminatedUnion(
  'format',
  [
    z.object({ format: z.literal('pem'), certFile: filePathSchema, keyFile: filePathSchema }),
    z.object({ format: z.literal('pkcs12'), file: filePathSchema }),
  ],
  {
    error: ruleText('choice', {
      field: 'clientCertificate',
      choices: CLIENT_CERTIFICATE_FORMATS.join(', '),
    }),
  },
)
export type ClientCertificate = z.output<typeof clientCertificateSchema>

const caOnlyNeedsFile = (tls: { caFile: unknown; caOnly: boolean }) =>
  !tls.caOnly || tls.caFile !== null
const caOnlyNeedsFileIssue = {
  path: ['caOnly'],
  error: ruleText('caOnlyNeedsFile'),
}

/**
 * Which certificate authorities an environment's service is checked against, and what the
 * console shows it: by default this computer's own store plus Node's bundled list (and
 * NODE_EXTRA_CA_CERTS where the runtime reads it); a CA file (a PEM bundle: a company's root, a
 * private sandbox's) is added to them, or trusted alone. There is no way to turn checking off.
 */
export const tlsSettingSchema = z
  .object({
    caFile: filePathSchema.nullable().default(null),
    caOnly: z.boolean({ error: ruleText('yesOrNo', { field: 'caOnly' }) }).default(false),
    clientCertificate: clientCertificateSchema.nullable().default(null),
  })
  .refine(caOnlyNeedsFile, caOnlyNeedsFileIssue)
export type TlsSetting = z.output<typeof tlsSettingSchema>

export const DEFAULT_TLS: TlsSetting = { caFile: null, caOnly: false, clientCertificate: null }

/**
 * A file as a face names it when it saves an environment: `keep` the one the environment has,
 * or the handle of one the user chose (main's dialog, or a path the command line's user typed).
 * No page ever hands main a path to read.
 */
const tlsFileChoiceSchema = z.union([z.literal('keep'), fileHandleSchema])

/** The TLS settings of a save; left out, an edit keeps what the environment has. */
export const tlsDraftSchema = z
  .object({
    caFile: tlsFileChoiceSchema.nullable().default(null),
    caOnly: z.boolean({ error: ruleText('yesOrNo', { field: 'caOnly' }) }).default(false),
    clientCertificate: z
      .discriminatedUnion('format', [
        z.object({
          format: z.literal('pem'),
          certFile: tlsFileChoiceSchema,
          keyFile: tlsFileChoiceSchema,
        }),
        z.object({ format: z.literal('pkcs12'), file: tlsFileChoiceSchema }),
      ])
      .nullable()
      .default(null),
  })
  .refine(caOnlyNeedsFile, caOnlyNeedsFileIssue)
export type TlsDraft = z.output<typeof tlsDraftSchema>

/** One certificate of a file, as a person checks it: who it names, who signed it, until when. */
export const certificateSummarySchema = z.object({
  subject: z.string(),
  issuer: z.string(),
  validTo: z.string(),
  expired: z.boolean(),
})
export type CertificateSummary = z.output<typeof certificateSummarySchema>

/** A file of the TLS settings as the page sees it: its name and what main read in it. */
const tlsFileViewSchema = z.object({
  /** Its file name; for a CA imported with a file of environments, whom its first certificate names. */
  name: z.string(),
  /** Imported with a file of environments: kept by the console, known by its certificates. */
  imported: z.boolean().optional(),
  /** An imported CA's first certificate's SHA-256 fingerprint, its start: to tell two apart. */
  fingerprint: z.string().optional(),
  certificates: z.array(certificateSummarySchema),
  /** Why main could not read it now (moved, unreadable, not PEM), or null. */
  problem: saidSchema.nullable(),
})
export type TlsFileView = z.output<typeof tlsFileViewSchema>

export const tlsViewSchema = z.object({
  caFile: tlsFileViewSchema.nullable(),
  caOnly: z.boolean(),
  clientCertificate: z
    .object({ format: z.enum(CLIENT_CERTIFICATE_FORMATS), files: z.array(tlsFileViewSchema) })
    .nullable(),
})
export type TlsView = z.output<typeof tlsViewSchema>
