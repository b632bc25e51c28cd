// The service's contract: the spec's four calls and nothing else, so a fuzzer or a code
// generator given it never reaches the sandbox's own paths (a reset would wipe the users its
// other checks need). Where the spec is silent the sandbox's answer is marked
// `x-sandbox-convention`.
import {
  AUTHENTICATE_QUERY_EXAMPLES,
  AUTHENTICATE_REFUSED,
  CREATE_EXAMPLES,
  CREATE_REFUSED,
  RECORD_EXAMPLES,
  SESSION_EXAMPLES,
  TOKEN_EXAMPLES,
  UPDATED_EXAMPLES,
  UPDATE_EXAMPLES,
  UPDATE_REFUSED,
} from './openapi-examples'
import {
  CREDENTIALS,
  DOCUMENT_VERSION,
  json,
  LICENSE,
  LOCAL_SERVERS,
  ref,
  SECURITY_SCHEMES,
} from './openapi-parts'
import { CONVENTION, problems } from './openapi-problems'
import { componentSchemas, parameterSchemas, type JsonSchema } from './openapi-schemas'
import { AUTHENTICATE_PATH, USERS_PATH } from '../paths'

const SERVICE = { tags: ['Service'], security: CREDENTIALS }

// Where a created user's token goes next: a stateful fuzzer or a generator chains the calls by
// these instead of guessing.
const withCreatedToken = (operationId: string, description: string) => ({
  operationId,
  parameters: { token: '$response.body#/token' },
  description,
})
const CREATED_USER_LINKS = {
  RetrieveCreatedUser: withCreatedToken('retrieveUser', 'Retrieve the user just created'),
  UpdateCreatedUser: withCreatedToken('updateUser', 'Update the user just created'),
}

function userCalls(token: JsonSchema) {
  return {
    [USERS_PATH]: {
      post: {
        operationId: 'createUser',
        ...SERVICE,
        summary: 'Create a pending company user',
        requestBody: { required: true, content: json(ref('CreateUserRequest'), CREATE_EXAMPLES) },
        responses: {
          '201': {
            description: 'Created: the record, as Retrieve answers it, and where it is.',
            headers: {
              Location: {
                description: "The user's path: the users' path and the token, percent-encoded.",
                required: true,
                schema: { type: 'string' },
              },
            },
            content: json(ref('UserRecord'), RECORD_EXAMPLES),
            links: CREATED_USER_LINKS,
            ...CONVENTION,
          },
          ...problems(['400', '401', '409', '413', '415', '422'], { '422': CREATE_REFUSED }),
        },
      },
    },
    [`${USERS_PATH}/{token}`]: {
      parameters: [
        { name: 'token', in: 'path', required: true, schema: token, examples: TOKEN_EXAMPLES },
      ],
      get: {
        operationId: 'retrieveUser',
        ...SERVICE,
        summary: 'Retrieve a pending company user',
        responses: {
          '200': { description: 'The user', content: json(ref('UserRecord'), RECORD_EXAMPLES) },
          ...problems(['400', '401', '404']),
        },
      },
      put: {
        operationId: 'updateUser',
        ...SERVICE,
        summary: 'Update a pending company user',
        requestBody: { required: true, content: json(ref('UpdateUserRequest'), UPDATE_EXAMPLES) },
        responses: {
          '200': {
            description: 'Updated: the record, as Retrieve answers it.',
            content: json(ref('UserRecord'), UPDATED_EXAMPLES),
            ...CONVENTION,
          },
          ...problems(['400', '401', '404', '413', '415', '422'], { '422': UPDATE_REFUSED }),
        },
      },
    },
  }
}

function authenticate(query: Record<string, JsonSchema>) {
  const examples: Record<string, unknown> = AUTHENTICATE_QUERY_EXAMPLES
  return {
    [AUTHENTICATE_PATH]: {
      get: {
        operationId: 'authenticate',
        ...SERVICE,
        summary: 'Authenticate a user: a session JWT',
        parameters: Object.entries(query).map(([name, schema]) => ({
          name,
          in: 'query',
          required: true,
          schema,
          examples: examples[name],
        })),
        responses: {
          '200': { description: 'A session', content: json(ref('Session'), SESSION_EXAMPLES) },
          ...problems(['401', '403', '404', '422'], { '422': AUTHENTICATE_REFUSED }),
        },
      },
    },
  }
}

const DESCRIPTION = `The user registration and session service's four calls, as the Integrator
Console's shared schemas state them (every field rule they hold), and as its built-in sandbox
answers them.

- **The service's spec**: the paths and methods, the apiKey and secretKey headers, the request
  fields and their rules, Retrieve's record and Authenticate's session.
- **The sandbox's conventions**, marked \`x-sandbox-convention: true\` on each response: the
  answers the spec leaves open (Create's 201 and Update's 200 with the record, every refusal's
  status and its problem+json body, the fault-injection statuses 429, 503 and 504, 421 and 403 for
  a request addressed to another host or sent by a web page of another origin).
- **Two formats no validator knows**: \`es-nid\` (a DNI or NIE and its control letter) and
  \`date\` (a calendar day from 1900-01-01 to today in UTC). Their rules are in each field's
  description, and an Ajv plug-in checks them exactly as the sandbox does
  (docs/service-api.md says where).

The sandbox's own calls (reset, export, the JWKS it signs sessions with and its documents) are
in a document of their own, at /_sandbox/openapi.json.`

/** The OpenAPI 3.1 document of the service's four calls, as the sandbox implements them. */
export function serviceDocument(): Record<string, unknown> {
  const parameters = parameterSchemas()
  const { CreateUserRequest, UpdateUserRequest, UserRecord, Session, Problem } = componentSchemas()
  return {
    openapi: '3.1.0',
    info: {
      title: 'Pending company users and sessions',
      version: DOCUMENT_VERSION,
      description: DESCRIPTION,
      license: LICENSE,
    },
    servers: LOCAL_SERVERS,
    tags: [{ name: 'Service', description: "The service's four calls" }],
    paths: { ...userCalls(parameters.token), ...authenticate(parameters.query) },
    components: {
      schemas: { CreateUserRequest, UpdateUserRequest, UserRecord, Session, Problem },
      securitySchemes: SECURITY_SCHEMES,
    },
  }
}
