// Whether an answer is one the OpenAPI document promises for an operation: a status it lists,
// that status's media type, and a body its schema (checked by Ajv, JSON Schema 2020-12) takes.
// Formats are checked as a client of the document would: the standard ones by ajv-formats, the
// contract's own by the plug-in the sandbox publishes.
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { addContractFormats } from '../../src-sandbox/openapi/contract-formats'
import type { SandboxAnswer } from '../helpers/sandbox'
import type { JsonSchema } from './json-schema-arbitrary'

type Operation = {
  parameters?: { name: string; schema: JsonSchema }[]
  requestBody?: { content: Record<string, { schema: { $ref: string } }> }
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>
}
export type OpenApiDocument = {
  paths: Record<string, Record<string, Operation>>
  components: { schemas: Record<string, JsonSchema> }
}

export function contractOf(document: OpenApiDocument) {
  // Strict, so a format no plug-in knows fails the compile instead of passing every value.
  const ajv = new Ajv2020({ strict: true, validateFormats: true, allErrors: true })
  // The document's references point into `components`: a place, not a keyword to check.
  ajv.addKeyword('components')
  addContractFormats(addFormats(ajv))
  ajv.addSchema({ $id: 'openapi', components: document.components })
  const validators = new Map<string, ReturnType<typeof ajv.compile>>()
  const validatorOf = (schema: JsonSchema) => {
    const key = JSON.stringify(schema)
    let validate = validators.get(key)
    if (!validate) {
      const rooted = JSON.parse(key.replaceAll('"#/components/', '"openapi#/components/')) as object
      validate = ajv.compile(rooted)
      validators.set(key, validate)
    }
    return validate
  }

  function operation(path: string, method: string): Operation {
    const found = document.paths[path]?.[method]
    if (!found) throw new Error(`the document has no ${method} ${path}`)
    return found
  }

  return {
    operation,
    /** A component schema of the document, its references still pointing into the document. */
    schema(name: string): JsonSchema {
      const schema = document.components.schemas[name]
      if (!schema) throw new Error(`the document has no schema ${name}`)
      return schema
    },
    /** Whether the schema takes the value as it arrives, after a trip through JSON. */
    accepts(schema: JsonSchema, value: unknown): boolean {
      return validatorOf(schema)(JSON.parse(JSON.stringify(value))) === true
    },
    /** The check Ajv runs for a format; a format it does not know throws. */
    format(name: string): (value: string) => boolean {
      const validate = validatorOf({ type: 'string', format: name })
      return (value) => validate(value) === true
    },
    /** What breaks the promise, or null when the answer keeps it. */
    breach(path: string, method: string, answer: SandboxAnswer): string | null {
      const promised = operation(path, method).responses[String(answer.status)]
      if (!promised) return `${answer.status} is not a status the document lists: ${answer.text}`
      const [mediaType, content] = Object.entries(promised.content ?? {})[0] ?? []
      if (!mediaType || !content) return answer.text === '' ? null : 'a body where none is promised'
      if (!answer.contentType.startsWith(mediaType))
        return `${answer.contentType} where ${mediaType} is promised`
      const validate = validatorOf(content.schema)
      return validate(answer.body) ? null : `${ajv.errorsText(validate.errors)}: ${answer.text}`
    },
  }
}

export type Contract = ReturnType<typeof contractOf>
