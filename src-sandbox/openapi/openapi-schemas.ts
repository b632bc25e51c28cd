import * as z from 'zod'
import {
  authenticateQuerySchema,
  createUserRequestSchema,
  jsonWebKeySetSchema,
  problemDetailsSchema,
  recordAnswerSchema,
  sessionAnswerSchema,
  tokenSchema,
  updateUserRequestSchema,
} from '../../src-shared/service'
import { CONTRACT_FORMATS, type ContractFormatName } from './contract-formats'

export type JsonSchema = Record<string, unknown>

/**
 * A shared schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect): what a client sends is the
 * schema's input side, what the sandbox answers its output side.
 */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json: JsonSchema = z.toJSONSchema(schema, { io, unrepresentable: 'any' })
  delete json.$schema
  return json
}

const FIELD_NOTES: Record<string, string> = {
  token:
    "The user's key in the integrator's system; the last segment of the user's URL, so never . or ..",
  email: 'A valid email address by the WHATWG HTML rule; an international domain in its xn-- form.',
  nid_number: `Format es-nid: ${CONTRACT_FORMATS['es-nid'].description} Stored upper-cased.`,
  birthdate: `Format date: ${CONTRACT_FORMATS.date.description}`,
  mobile_phone:
    'Digits only, no + or country prefix, when sent; answered with the prefix the sandbox is set up with.',
  status: '0 Free, 2 Premium, 3 No Access (there is no 1).',
  gender: '0 Male, 1 Female.',
  userToken:
    "HMAC-SHA256 of the user's token (UTF-8), keyed by the integrator's userToken secret (UTF-8), as 64 lowercase hexadecimal digits. A sandbox started with SANDBOX_USER_TOKEN_SCHEME=plain takes the token itself instead (a convention of the sandbox).",
}

// Rules only code can check, named as formats (contract-formats.ts implements them for a
// validator) beside the pattern their shape keeps.
const FIELD_FORMATS: Record<string, ContractFormatName> = {
  nid_number: 'es-nid',
  birthdate: 'date',
}

/** The string schema of a field, itself or the string side of a nullable's anyOf. */
function textSide(property: JsonSchema): JsonSchema | undefined {
  if (property.type === 'string') return property
  const parts = (property.anyOf ?? []) as JsonSchema[]
  return parts.find((part) => part.type === 'string')
}

/** Adds each field's note and format to the properties of an object schema. */
function withNotes(schema: JsonSchema): JsonSchema {
  const properties = schema.properties as Record<string, JsonSchema> | undefined
  if (!properties) return schema
  for (const [name, property] of Object.entries(properties)) {
    const note = FIELD_NOTES[name]
    if (note !== undefined) property.description = note
    const format = FIELD_FORMATS[name]
    const text = textSide(property)
    if (format !== undefined && text) text.format = format
  }
  return schema
}

/**
 * An object schema without the properties it refuses (`not: {}`): `additionalProperties: false`
 * refuses them already, and a code generator types a refused property as `unknown`, so a client
 * sending one would compile and fail at run time.
 */
function withoutRefused(schema: JsonSchema): JsonSchema {
  const properties = schema.properties as Record<string, JsonSchema> | undefined
  if (!properties) return schema
  const kept = Object.entries(properties).filter(
    ([, property]) => JSON.stringify(property.not) !== '{}',
  )
  return { ...schema, properties: Object.fromEntries(kept) }
}

/** components.schemas: every body the calls send or answer, from the shared zod schemas. */
export function componentSchemas(): Record<string, JsonSchema> {
  return {
    CreateUserRequest: withNotes(jsonSchemaOf(createUserRequestSchema, 'input')),
    UpdateUserRequest: {
      ...withNotes(withoutRefused(jsonSchemaOf(updateUserRequestSchema, 'input'))),
      description:
        'status is required; a field sent as null is cleared, a field left out is kept. token, mobile_phone, coverage_name and contract_number are refused.',
    },
    UserRecord: {
      ...withNotes(jsonSchemaOf(recordAnswerSchema, 'output')),
      description:
        'The record as Retrieve returns it; coverage_name and contract_number are stored but never returned.',
    },
    Session: {
      ...jsonSchemaOf(sessionAnswerSchema, 'output'),
      description:
        'The spec declares sessionToken an integer; the sandbox, like the service in practice, sends a UUID string.',
    },
    JsonWebKeySet: jsonSchemaOf(jsonWebKeySetSchema, 'output'),
    Problem: {
      ...jsonSchemaOf(problemDetailsSchema, 'output'),
      description: 'RFC 9457 problem details; errors names each offending field.',
    },
  }
}

/** The path's {token} and Authenticate's query, as OpenAPI parameter schemas. */
export function parameterSchemas(): { token: JsonSchema; query: Record<string, JsonSchema> } {
  const query = jsonSchemaOf(authenticateQuerySchema, 'input').properties as Record<
    string,
    JsonSchema
  >
  return {
    token: { ...jsonSchemaOf(tokenSchema, 'input'), description: FIELD_NOTES.token },
    query: Object.fromEntries(
      Object.entries(query).map(([name, schema]) => [
        name,
        FIELD_NOTES[name] === undefined ? schema : { ...schema, description: FIELD_NOTES[name] },
      ]),
    ),
  }
}
