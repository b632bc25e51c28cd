// The sandbox's own calls, which the service does not have: reset, export, the key set it signs
// sessions with, and its two documents. Apart from the service's contract, so that a tool given
// that one never calls these.
import {
  CREDENTIALS,
  DOCUMENT_VERSION,
  json,
  LICENSE,
  LOCAL_SERVERS,
  ref,
  SECURITY_SCHEMES,
} from './openapi-parts'
import { ownRefusals, refusal } from './openapi-problems'
import { componentSchemas } from './openapi-schemas'
import { EXPORT_PATH, JWKS_PATH, OPENAPI_PATH, RESET_PATH, SANDBOX_OPENAPI_PATH } from '../paths'

const OWN = { tags: ['Sandbox'], security: CREDENTIALS }
const OPEN = { tags: ['Sandbox'], security: [] }

const DOCUMENT = {
  description: 'OpenAPI 3.1',
  content: json(
    { type: 'object' },
    { 'a document': { openapi: '3.1.0', info: { title: '…', version: '2.0.0' }, paths: {} } },
  ),
}

const KEY_SET = {
  keys: [
    {
      kty: 'EC',
      crv: 'P-256',
      x: 'LitrxRKV4VSYOlbbFk5qgBjpXxqUkN42kutlNV-rVLs',
      y: 'pUh1mijajlpmzjTy9NIbqOqYesdRKeztlvQ8M5Tl3NQ',
      kid: '7c1f0e52-9b3a-4d86-8e2f-5a0b6c4d9e13',
      alg: 'ES256',
      use: 'sig',
    },
  ],
}

const paths = {
  [RESET_PATH]: {
    post: {
      operationId: 'resetSandbox',
      ...OWN,
      summary: 'Every user and session gone, the seed put back',
      responses: {
        '200': {
          description: 'How many users the sandbox holds now',
          content: json(
            {
              type: 'object',
              properties: { users: { type: 'integer', minimum: 0 } },
              required: ['users'],
            },
            { 'the seed put back': { users: 2 } },
          ),
        },
        ...ownRefusals('401'),
      },
    },
  },
  [EXPORT_PATH]: {
    get: {
      operationId: 'exportSandbox',
      ...OWN,
      summary: "The sandbox's users as a seed file (SANDBOX_SEED takes it back)",
      responses: {
        '200': {
          description: 'Every user, as Create would take it',
          content: json(
            {
              type: 'object',
              properties: { users: { type: 'array', items: ref('CreateUserRequest') } },
              required: ['users'],
            },
            { 'one user': { users: [{ token: 'luis-perez', status: 0 }] } },
          ),
        },
        ...ownRefusals('401'),
      },
    },
  },
  [JWKS_PATH]: {
    get: {
      operationId: 'signingKeys',
      ...OPEN,
      summary: 'The public key the sandbox signs session JWTs with (ES256, by kid)',
      description:
        "The service's spec says nothing of how a session JWT is verified; this key set is how the sandbox lets a tester do it (RFC 7517).",
      responses: {
        '200': {
          description: 'The key set',
          content: json(ref('JsonWebKeySet'), { 'the key set': KEY_SET }),
        },
        '404': refusal('Only with SANDBOX_FAULT_JWKS=none: no key set is published.'),
        ...ownRefusals(),
      },
    },
  },
  [OPENAPI_PATH]: {
    get: {
      operationId: 'serviceDocument',
      ...OPEN,
      summary: "The service's contract: its four calls",
      responses: { '200': DOCUMENT, ...ownRefusals() },
    },
  },
  [SANDBOX_OPENAPI_PATH]: {
    get: {
      operationId: 'sandboxDocument',
      ...OPEN,
      summary: 'This document',
      responses: { '200': DOCUMENT, ...ownRefusals() },
    },
  },
}

const DESCRIPTION = `What the Integrator Console's built-in sandbox answers beside the service's
four calls: none of it is the service's. A tool that tests or generates a client of the service
takes the service's contract at /openapi.json instead; this one is for a suite that drives the
sandbox itself (putting its seed back, saving its users, verifying the sessions it signs).`

/** The OpenAPI 3.1 document of the sandbox's own calls. */
export function sandboxDocument(): Record<string, unknown> {
  const { CreateUserRequest, JsonWebKeySet, Problem } = componentSchemas()
  return {
    openapi: '3.1.0',
    info: {
      title: 'Integrator Console sandbox',
      version: DOCUMENT_VERSION,
      description: DESCRIPTION,
      license: LICENSE,
    },
    servers: LOCAL_SERVERS,
    tags: [{ name: 'Sandbox', description: "The sandbox's own calls, not the service's" }],
    paths,
    components: {
      schemas: { CreateUserRequest, JsonWebKeySet, Problem },
      securitySchemes: SECURITY_SCHEMES,
    },
  }
}
