// Whether an answer is one the OpenAPI document promises for an operation: a status it lists,
// that status's media type, and a body its schema (checked by Ajv, JSON Schema 2020-12) takes.
import { Ajv2020 } from 'ajv/dist/2020.js'
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
  // Formats are stated twice by zod (format and pattern): the pattern is what is checked.
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true })
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
