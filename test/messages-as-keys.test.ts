import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import { appErrorSchema, contract, eventContract } from '../src-shared/ipc'

// Fields that hold words for people: each must be a message with an id, never a bare string.
const WORDS = /^(message|messages|note|notes|notices|waiting|said|reason|problem|failure|why)$/

type JsonSchema = { [key: string]: unknown }

function isRecord(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Every property (path → its schema) in a JSON Schema, however deep, through arrays and unions. */
function propertiesOf(schema: unknown, at: string, found: [string, JsonSchema][] = []) {
  if (Array.isArray(schema)) {
    for (const part of schema) propertiesOf(part, at, found)
    return found
  }
  if (!isRecord(schema)) return found
  if (isRecord(schema.properties))
    for (const [name, property] of Object.entries(schema.properties)) {
      if (isRecord(property)) found.push([`${at}.${name}`, property])
      propertiesOf(property, `${at}.${name}`, found)
    }
  for (const key of ['items', 'anyOf', 'oneOf', 'allOf', 'additionalProperties', '$defs'])
    propertiesOf(schema[key], at, found)
  return found
}

// A closed set of names (an enum) is a code a face words itself, not words.
const isBareString = (schema: JsonSchema) =>
  (schema.type === 'string' && schema.enum === undefined && schema.const === undefined) ||
  (Array.isArray(schema.type) && schema.type.includes('string')) ||
  (Array.isArray(schema.anyOf) &&
    schema.anyOf.some((part) => isRecord(part) && part.type === 'string'))

describe('messages cross as keys', () => {
  const schemas: [string, z.ZodType][] = [
    ...Object.entries(contract).map(([name, channel]): [string, z.ZodType] => [
      name,
      channel.output,
    ]),
    ...Object.entries(eventContract).map(([name, schema]): [string, z.ZodType] => [name, schema]),
    ['error', appErrorSchema],
  ]

  it('no answer, event or error of the contract carries words as a bare string', () => {
    const bare: string[] = []
    for (const [name, schema] of schemas) {
      const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', cycles: 'ref' })
      for (const [path, property] of propertiesOf(json, name)) {
        const field = path.split('.').at(-1) ?? ''
        if (WORDS.test(field) && isBareString(property)) bare.push(path)
      }
    }
    expect(bare).toEqual([])
  })

  it('fails on a contract that would carry words as a bare string', () => {
    const json = z.toJSONSchema(z.object({ result: z.object({ note: z.string().nullable() }) }))
    const found = propertiesOf(json, 'x').filter(
      ([path, property]) => WORDS.test(path.split('.').at(-1) ?? '') && isBareString(property),
    )
    expect(found.map(([path]) => path)).toEqual(['x.result.note'])
  })
})
