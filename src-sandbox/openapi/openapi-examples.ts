// One user's life through the four calls, as examples: what a reader copies, and what a fuzzer's
// examples phase sends first. Each example is checked against its schema, and the sandbox answers
// Create's and Update's with the records given here (openapi-examples.test.ts).
import { createHmac } from 'node:crypto'

const TOKEN = 'ana-garcia-1985'

/** The userToken secret the Authenticate example is keyed by: an example's, no sandbox's own. */
export const EXAMPLE_USER_TOKEN_SECRET = 'example-user-token-secret'

export const CREATE_EXAMPLES = {
  'every field': {
    token: TOKEN,
    status: 2,
    email: 'ana.garcia@example.com',
    nid_number: '12345678z',
    firstname: 'Ana',
    lastname: 'García Núñez',
    gender: 1,
    birthdate: '1985-02-14',
    mobile_phone: '600111222',
    description: 'Alta de prueba',
    has_video_call: 1,
    has_video_call_1to1: 0,
    company_group_code: 'ACME-01',
    coverage_name: 'Oro',
    contract_number: 'C-1001',
  },
  'only what is required': { token: 'luis-perez', status: 0 },
}

/** Retrieve's record of the first Create example, on a sandbox whose phone prefix is +34. */
const RECORD = {
  token: TOKEN,
  status: 2,
  email: 'ana.garcia@example.com',
  nid_number: '12345678Z',
  firstname: 'Ana',
  lastname: 'García Núñez',
  gender: 1,
  birthdate: '1985-02-14',
  mobile_phone: '+34600111222',
  description: 'Alta de prueba',
  features: { video_call: 1, video_call_1to1: 0 },
  company_group_code: 'ACME-01',
}

export const RECORD_EXAMPLES = { 'the user created': RECORD }

export const UPDATE_EXAMPLES = {
  'a new status, a field cleared': {
    status: 3,
    email: 'ana.garcia@example.org',
    description: null,
    has_video_call: 0,
  },
}

export const UPDATED_EXAMPLES = {
  'the user updated': {
    ...RECORD,
    status: 3,
    email: 'ana.garcia@example.org',
    description: null,
    features: { video_call: 0, video_call_1to1: 0 },
  },
}

export const TOKEN_EXAMPLES = { 'the user created': { value: TOKEN } }

export const AUTHENTICATE_QUERY_EXAMPLES = {
  installationGuid: { 'an installation': { value: '0b8e2f4c-6a1d-4c3e-9f57-2d8a41c6b0e9' } },
  userToken: {
    'the user created': {
      summary: `HMAC-SHA256 of "${TOKEN}" keyed by "${EXAMPLE_USER_TOKEN_SECRET}"`,
      value: createHmac('sha256', EXAMPLE_USER_TOKEN_SECRET).update(TOKEN).digest('hex'),
    },
  },
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')

export const SESSION_EXAMPLES = {
  'a session': {
    jwt: [
      base64url({ alg: 'ES256', typ: 'JWT', kid: '7c1f0e52-9b3a-4d86-8e2f-5a0b6c4d9e13' }),
      base64url({ sub: '5d2c7a9e-8f14-4b6a-a3c0-71e9d24f6b58', iat: 1764374400, exp: 1764378000 }),
      'c2lnbmF0dXJlLW9mLXRoZS1leGFtcGxl',
    ].join('.'),
    userHash: '5d2c7a9e-8f14-4b6a-a3c0-71e9d24f6b58',
    sessionToken: '9a41e6d2-3b7c-4f08-b5e1-c2d07f93a614',
  },
}

/** A 422 as the sandbox words it: the problem, then each field with its rule. */
function refusal(detail: string, field: string, rule: string) {
  return {
    'a field breaks its rule': {
      type: '/problems/validation',
      title: 'Invalid request',
      status: 422,
      detail: `${detail}: ${field}`,
      errors: [{ field, pointer: `#/${field}`, detail: rule }],
    },
  }
}

export const CREATE_REFUSED = refusal(
  'The user has invalid fields',
  'nid_number',
  'nid_number must be a Spanish DNI (8 digits + control letter, e.g. 12345678Z) or NIE (X/Y/Z + 7 digits + control letter) with a correct control letter',
)

export const UPDATE_REFUSED = refusal(
  'The update has invalid fields',
  'birthdate',
  'birthdate is not a day of the calendar',
)

export const AUTHENTICATE_REFUSED = refusal(
  'The query has invalid fields',
  'installationGuid',
  'installationGuid must be a UUID, like 3f2b8c1e-9a4d-4f6b-8e2a-1c5d7e9f0a2b',
)
