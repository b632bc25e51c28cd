import { CONVENTION, problems, senderRefusals } from './openapi-problems'
import { componentSchemas, parameterSchemas, type JsonSchema } from './openapi-schemas'

import { DEFAULTS } from '../options'
import {
  AUTHENTICATE_PATH,
  EXPORT_PATH,
  JWKS_PATH,
  OPENAPI_PATH,
  RESET_PATH,
  USERS_PATH,
} from '../paths'

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })
const json = (schema: JsonSchema) => ({ 'application/json': { schema } })

const CREDENTIALS = [{ apiKey: [], secretKey: [] }]

function userCalls(token: JsonSchema) {
  const tokenParameter = { name: 'token', in: 'path', required: true, schema: token }
  return {
    [USERS_PATH]: {
      post: {
        operationId: 'createUser',
        tags: ['Service'],
        summary: 'Create a pending company user',
        security: CREDENTIALS,
        requestBody: { required: true, content: json(ref('CreateUserRequest')) },
        responses: {
          '201': {
            description: 'Created. The body and Location are the sandbox convention.',
            headers: { Location: { schema: { type: 'string' } } },
            content: json(ref('UserRecord')),
            ...CONVENTION,
          },
          ...problems('400', '401', '409', '413', '415', '422'),
        },
      },
    },
    [`${USERS_PATH}/{token}`]: {
      parameters: [tokenParameter],
      get: {
        operationId: 'retrieveUser',
        tags: ['Service'],
        summary: 'Retrieve a pending company user',
        security: CREDENTIALS,
        responses: {
          '200': { description: 'The user', content: json(ref('UserRecord')) },
          ...problems('400', '401', '404'),
        },
      },
      put: {
        operationId: 'updateUser',
        tags: ['Service'],
        summary: 'Update a pending company user',
        security: CREDENTIALS,
        requestBody: { required: true, content: json(ref('UpdateUserRequest')) },
        responses: {
          '200': {
            description: 'Updated. The body is the sandbox convention.',
            content: json(ref('UserRecord')),
            ...CONVENTION,
          },
          ...problems('400', '401', '404', '413', '415', '422'),
        },
      },
    },
  }
}

function sessionCalls(query: Record<string, JsonSchema>) {
  return {
    [AUTHENTICATE_PATH]: {
      get: {
        operationId: 'authenticate',
        tags: ['Service'],
        summary: 'Authenticate a user: a session JWT',
        security: CREDENTIALS,
        parameters: Object.entries(query).map(([name, schema]) => ({
          name,
          in: 'query',
          required: true,
          schema,
        })),
        responses: {
          '200': { description: 'A session', content: json(ref('Session')) },
          ...problems('401', '403', '404', '422'),
        },
      },
    },
    [JWKS_PATH]: {
      get: {
        operationId: 'signingKeys',
        tags: ['Service'],
        summary: 'The public keys session JWTs are signed with (ES256, by kid)',
        security: [],
        responses: {
          '200': { description: 'The keys', content: json(ref('JsonWebKeySet')) },
          ...senderRefusals(),
        },
      },
    },
  }
}

const sandboxCalls = {
  [RESET_PATH]: {
    post: {
      operationId: 'resetSandbox',
      tags: ['Sandbox'],
      summary: 'Every user and session gone, the seed put back',
      security: CREDENTIALS,
      responses: {
        '200': {
          description: 'How many users the sandbox holds now',
          content: json({
            type: 'object',
            properties: { users: { type: 'integer', minimum: 0 } },
            required: ['users'],
          }),
        },
        ...problems('401'),
      },
    },
  },
  [EXPORT_PATH]: {
    get: {
      operationId: 'exportSandbox',
      tags: ['Sandbox'],
      summary: "The sandbox's users as a seed file (SANDBOX_SEED takes it back)",
      security: CREDENTIALS,
      responses: {
        '200': {
          description: 'Every user, as Create would take it',
          content: json({
            type: 'object',
            properties: { users: { type: 'array', items: ref('CreateUserRequest') } },
            required: ['users'],
          }),
        },
        ...problems('401'),
      },
    },
  },
  [OPENAPI_PATH]: {
    get: {
      operationId: 'openapiDocument',
      tags: ['Sandbox'],
      summary: 'This document',
      security: [],
      responses: {
        '200': { description: 'OpenAPI 3.1', content: json({ type: 'object' }) },
        ...senderRefusals(),
      },
    },
  },
}

/**
 * This document's own version (OpenAPI's info.version), raised with the contract it states; the
 * sandbox is also started where no package.json can be imported (a Playwright suite's loader).
 */
const DOCUMENT_VERSION = '1.0.0'

const DESCRIPTION = `The user registration and session service's four calls and its JWKS, as the
Integrator Console's shared schemas state them (every field rule they hold), and the built-in
sandbox's own additions.

- **The service's spec** (tag Service): the paths, methods, the apiKey and secretKey headers,
  the request fields and their rules, Retrieve's record, Authenticate's session and the JWKS.
- **The sandbox's conventions** (tag Sandbox, and \`x-sandbox-convention: true\` on a response):
  Create's and Update's answer bodies (the spec leaves them open), problem+json bodies for every
  refusal, 405 with Allow for a method a path does not take, the fault-injection statuses (429,
  503, 504), 421 and 403 for a request addressed to another host or sent by a web page of another
  origin (DNS rebinding), and the /_sandbox paths and this document.`

/** The OpenAPI 3.1 document of the service as the sandbox implements it. */
export function openapiDocument(): Record<string, unknown> {
  const parameters = parameterSchemas()
  return {
    openapi: '3.1.0',
    info: {
      title: 'Pending company users and sessions (Integrator Console sandbox)',
      version: DOCUMENT_VERSION,
      description: DESCRIPTION,
    },
    // Served, the document names the sandbox that served it instead (own-routes.ts).
    servers: [
      {
        url: 'http://127.0.0.1:{port}',
        description: 'A sandbox on this machine (the document saved to a file)',
        variables: { port: { default: String(DEFAULTS.port) } },
      },
    ],
    tags: [
      { name: 'Service', description: "The service's spec" },
      { name: 'Sandbox', description: "The sandbox's own conventions, not the service's" },
    ],
    paths: {
      ...userCalls(parameters.token),
      ...sessionCalls(parameters.query),
      ...sandboxCalls,
    },
    components: {
      schemas: componentSchemas(),
      securitySchemes: {
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
      },
    },
  }
}
