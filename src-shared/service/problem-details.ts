import * as z from 'zod'

/** One offending field of a refused request: its name, its JSON pointer, what is wrong. */
const fieldProblemSchema = z.object({
  field: z.string(),
  pointer: z.string(),
  detail: z.string(),
})
export type FieldProblem = z.output<typeof fieldProblemSchema>

/**
 * An RFC 9457 problem details body (application/problem+json), as the sandbox answers every
 * refusal; `errors` lists each offending field.
 */
export const problemDetailsSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.int().min(400).max(599),
  detail: z.string(),
  errors: z.array(fieldProblemSchema).optional(),
})
export type ProblemDetails = z.output<typeof problemDetailsSchema>
