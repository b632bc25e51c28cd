import * as z from 'zod'
import { certificateSummarySchema, secretNameSchema } from '../environments'
import { saidSchema } from '../messages/said-schema'

/**
 * The steps of a connection test, in the order a call takes them: the name resolved, the proxy
 * chosen (and why), the TCP connection, the TLS handshake, the HTTP answer, the credentials.
 */
export const DIAGNOSIS_STEPS = [
  'resolve',
  'proxy',
  'connect',
  'tls',
  'http',
  'credentials',
] as const
const diagnosisStepNameSchema = z.enum(DIAGNOSIS_STEPS)
export type DiagnosisStepName = z.output<typeof diagnosisStepNameSchema>

/** The certificates a service presented, and how the environment's trust judged them. */
const tlsFindingSchema = z.object({
  /** The chain received, the service's own certificate first. */
  chain: z.array(certificateSummarySchema),
  /** Whether the first certificate names the host the environment's URL names. */
  hostMatches: z.boolean(),
  /** Which authorities judged it: the default set (OS store + bundled), with a CA file, or that file alone. */
  trustedBy: z.enum(['default', 'default-and-ca-file', 'ca-file-only']),
  /** Whether the chain was accepted by them. */
  accepted: z.boolean(),
})
export type TlsFinding = z.output<typeof tlsFindingSchema>

const diagnosisStepSchema = z.object({
  step: diagnosisStepNameSchema,
  /** A step after the first failure is not tried; one that does not apply (no proxy, http) is skipped. */
  outcome: z.enum(['passed', 'failed', 'skipped']),
  /** What it found, or why it failed and what to do. */
  said: saidSchema,
  tls: tlsFindingSchema.nullable(),
})
export type DiagnosisStep = z.output<typeof diagnosisStepSchema>

export const connectionTestSchema = z.object({
  /** credentialsNotSet: the network answered, and no call was made (nothing to refuse). */
  outcome: z.enum(['ok', 'unauthorized', 'credentialsNotSet', 'unreachable', 'error']),
  said: saidSchema,
  status: z.number().int().nullable(),
  durationMs: z.number(),
  /** Secrets the calls need that are still not set, even when the connection works. */
  missingSecrets: z.array(secretNameSchema),
  /** Each step of the connection as it was tried; the first failed one is why. */
  steps: z.array(diagnosisStepSchema),
  failedStep: diagnosisStepNameSchema.nullable(),
})
export type ConnectionTest = z.output<typeof connectionTestSchema>
