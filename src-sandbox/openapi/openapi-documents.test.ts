// Both documents as another team's tools take them: two validators find nothing to say, every
// example keeps its schema (formats included), and each document holds only its own calls.
import { createConfig, lintFromString } from '@redocly/openapi-core'
import { Validator } from '@seriousme/openapi-schema-validator'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { describe, expect, it } from 'vitest'
import { addContractFormats } from './contract-formats'
import { sandboxDocument } from './sandbox-document'
import { serviceDocument } from './service-document'

type Media = { schema: object; examples?: Record<string, { value: unknown }> }
type Parameter = { name: string; schema: object; examples?: Record<string, { value: unknown }> }
type Operation = {
  parameters?: Parameter[]
  requestBody?: { content: Record<string, Media> }
  responses: Record<string, { content?: Record<string, Media>; 'x-sandbox-convention'?: true }>
}
type Document = {
  paths: Record<string, Record<string, Operation | Parameter[]>>
  components: { schemas: object; securitySchemes: Record<string, { description?: string }> }
}

const DOCUMENTS = { service: serviceDocument(), sandbox: sandboxDocument() }

function operations(document: Record<string, unknown>) {
  const { paths } = document as Document
  return Object.entries(paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => method !== 'parameters')
      .map(([method, operation]) => ({
        call: `${method.toUpperCase()} ${path}`,
        operation: operation as Operation,
        shared: (item.parameters ?? []) as Parameter[],
      })),
  )
}

describe.each(Object.entries(DOCUMENTS))('the %s document', (_, document) => {
  it('draws neither an error nor a warning from Redocly (recommended)', async () => {
    const config = await createConfig({ extends: ['recommended'] })
    const found = await lintFromString({
      source: JSON.stringify(document),
      absoluteRef: 'openapi.json',
      config,
    })
    expect(found.map((problem) => `${problem.ruleId}: ${problem.message}`)).toEqual([])
  })

  it('is valid OpenAPI 3.1 to @seriousme/openapi-schema-validator', async () => {
    expect(await new Validator().validate(structuredClone(document))).toEqual({ valid: true })
  })

  it('gives examples for every operation, each one its schema takes, formats included', () => {
    const ajv = addContractFormats(addFormats(new Ajv2020({ strict: true })))
    // Strict: an unknown keyword or format is an error, not a rule silently skipped.
    const rooted = (schema: object) =>
      JSON.parse(
        JSON.stringify(schema).replaceAll('"#/components/schemas/', '"doc#/$defs/'),
      ) as object
    ajv.addSchema({ $id: 'doc', $defs: rooted((document as Document).components.schemas) })
    const takes = (schema: object, value: unknown) => {
      const validate = ajv.compile(rooted(schema))
      return validate(value) ? 'taken' : ajv.errorsText(validate.errors)
    }
    for (const { call, operation, shared } of operations(document)) {
      const examples: [string, object, unknown][] = []
      for (const parameter of [...shared, ...(operation.parameters ?? [])]) {
        expect(parameter.examples, `${call} ${parameter.name}`).toBeDefined()
        for (const { value } of Object.values(parameter.examples ?? {}))
          examples.push([`${call} ${parameter.name}`, parameter.schema, value])
      }
      const bodies = Object.entries(operation.responses)
        .filter(([status]) => status.startsWith('2'))
        .map(([status, response]) => [`${call} ${status}`, response.content] as const)
      if (operation.requestBody) bodies.push([`${call} body`, operation.requestBody.content])
      for (const [where, content] of bodies) {
        const media = Object.values(content ?? {})[0]
        expect(media?.examples, where).toBeDefined()
        for (const { value } of Object.values(media?.examples ?? {}))
          examples.push([where, media?.schema ?? {}, value])
      }
      for (const [where, schema, value] of examples)
        expect({ where, verdict: takes(schema, value) }).toEqual({ where, verdict: 'taken' })
    }
  })

  it('states every pattern without a lookaround, so a fuzzer generates from it', () => {
    const patterns = JSON.stringify(document).match(/"pattern":"(?:[^"\\]|\\.)*"/g) ?? []
    expect(patterns.length).toBeGreaterThan(3)
    expect(patterns.filter((pattern) => /\(\?<?[=!]/.test(pattern))).toEqual([])
  })

  it('describes each way to authenticate', () => {
    const { securitySchemes } = (document as Document).components
    for (const scheme of Object.values(securitySchemes)) expect(scheme.description).toBeTruthy()
  })
})

describe("the service's contract", () => {
  it("holds the spec's four calls and none of the sandbox's", () => {
    expect(operations(DOCUMENTS.service).map(({ call }) => call)).toEqual([
      'POST /api/v3/pendingCompanyUsers',
      'GET /api/v3/pendingCompanyUsers/{token}',
      'PUT /api/v3/pendingCompanyUsers/{token}',
      'GET /2/authenticate',
    ])
  })

  it('marks every answer the spec leaves open as the sandbox convention', () => {
    const open = operations(DOCUMENTS.service).flatMap(({ call, operation }) =>
      Object.entries(operation.responses)
        .filter(([, response]) => response['x-sandbox-convention'] !== true)
        .map(([status]) => `${call} ${status}`),
    )
    // The spec states these two bodies; every other status and body is the sandbox's choice.
    expect(open).toEqual(['GET /api/v3/pendingCompanyUsers/{token} 200', 'GET /2/authenticate 200'])
  })
})

describe("the sandbox's own document", () => {
  it('holds reset, export, the JWKS and both documents', () => {
    expect(operations(DOCUMENTS.sandbox).map(({ call }) => call)).toEqual([
      'POST /_sandbox/reset',
      'GET /_sandbox/export',
      'GET /.well-known/jwks.json',
      'GET /openapi.json',
      'GET /_sandbox/openapi.json',
    ])
  })
})
