import { named } from './openapi-parts'
import { DEFAULTS } from '../options'

const PROBLEM = { schema: { $ref: '#/components/schemas/Problem' } }

// The sandbox's choices where the service's spec is silent are marked so, for a reader and a tool:
// the spec states no refusal at all, neither its status nor its body.
export const CONVENTION = { 'x-sandbox-convention': true }

/** Examples of a call's refusals, by status. */
export type RefusalExamples = Record<string, Record<string, unknown>>

const PROBLEMS: Record<string, string> = {
  '400': 'The body is not JSON, or the path is not valid percent-encoding.',
  '401': 'apiKey or secretKey missing or refused.',
  '403': 'The user has status 3 (No Access): no session.',
  '404': 'No such user (or no user matches the userToken).',
  '409': 'A user with this token exists.',
  '413': `The body is larger than SANDBOX_MAX_BODY_BYTES (${DEFAULTS.maxBodyBytes / 1024} KiB by default).`,
  '415': 'The body is not declared JSON.',
  '422': 'A field breaks its rule: errors names each one.',
  '429': 'Only with fault injection on: slow down (Retry-After).',
  '503': 'Only with fault injection on: try again.',
  '504': 'Only with fault injection on: done, then the answer lost.',
}
const FAULTS = ['429', '503', '504']

// Any path, before anything else is read: a request another host or a web page of another
// origin sent (DNS rebinding, a page calling across origins).
const SENDER_REFUSALS: Record<string, string> = {
  '403': "A web page of another origin sent it: its Origin header is not the sandbox's own.",
  '421':
    'Its Host header names neither this machine (localhost, 127.0.0.0/8, [::1]) nor a name in SANDBOX_ALLOWED_HOSTS.',
}

// What a refusal's headers say, beside its body: how to authenticate, and how long to wait.
const HEADERS: Record<string, Record<string, unknown>> = {
  '401': {
    'WWW-Authenticate': {
      description:
        "How to authenticate: the apiKey and secretKey headers, a scheme of the sandbox's own (no registered scheme names two headers).",
      schema: {
        type: 'string',
        examples: ['ApiKeyHeaders realm="sandbox", headers="apiKey secretKey"'],
      },
      required: true,
    },
  },
  '429': {
    'Retry-After': {
      description: 'Seconds to wait before calling again (RFC 9110 §10.2.3).',
      schema: { type: 'integer', minimum: 0 },
      required: true,
    },
  },
}

function described(statuses: string[], status: string, examples: RefusalExamples) {
  // The injected faults' statuses are any call's: each said as the call's own refusals are.
  const own = statuses.includes(status) || FAULTS.includes(status) ? PROBLEMS[status] : undefined
  const sender = SENDER_REFUSALS[status]
  return {
    description: [own, sender && (own ? `Or: ${sender}` : sender)].filter(Boolean).join(' '),
    content: {
      'application/problem+json': {
        ...PROBLEM,
        ...(examples[status] && { examples: named(examples[status]) }),
      },
    },
    ...(own !== undefined && HEADERS[status] ? { headers: HEADERS[status] } : {}),
    ...CONVENTION,
  }
}

function refusals(statuses: string[], also: string[], examples: RefusalExamples) {
  const all = [...new Set([...statuses, ...Object.keys(SENDER_REFUSALS), ...also])]
  return Object.fromEntries(all.map((status) => [status, described(statuses, status, examples)]))
}

/** A service call's refusals: these statuses, the sender's and the injected faults'. */
export function problems(statuses: string[], examples: RefusalExamples = {}) {
  return refusals(statuses, FAULTS, examples)
}

/** The refusals of a sandbox's own path, which no fault touches: these and the sender's. */
export function ownRefusals(...statuses: string[]) {
  return refusals(statuses, [], {})
}

/** A refusal said in its own words, where the table's would not fit the path. */
export function refusal(description: string) {
  return { description, content: { 'application/problem+json': PROBLEM }, ...CONVENTION }
}
