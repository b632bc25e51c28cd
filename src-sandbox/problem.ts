import type * as z from 'zod'
import { formatMessage, type SharedMessage } from '../src-shared/messages/message-text'
import type { FieldProblem, ProblemDetails as Problem } from '../src-shared/service'

export type { FieldProblem, ProblemDetails as Problem } from '../src-shared/service'

/** Thrown by handlers; the server writes it as application/problem+json. */
export class ProblemError extends Error {
  readonly headers: Record<string, string>
  constructor(
    readonly problem: Problem,
    headers: Record<string, string> = {},
  ) {
    super(problem.detail)
    this.headers = headers
  }
}

export function problem(
  status: number,
  slug: string,
  title: string,
  detail: string,
  errors?: FieldProblem[],
): ProblemError {
  return new ProblemError({
    type: `/problems/${slug}`,
    title,
    status,
    detail,
    ...(errors ? { errors } : {}),
  })
}

function fieldProblems(error: z.ZodError): FieldProblem[] {
  return error.issues.flatMap((issue) => {
    const path = issue.path.map(String)
    // One entry per unknown key, so each is named where it stands.
    const paths =
      issue.code === 'unrecognized_keys' ? issue.keys.map((key) => [...path, key]) : [path]
    return paths.map((fieldPath) => ({
      field: fieldPath.join('.') || '(body)',
      pointer: `#/${fieldPath.join('/')}`,
      detail: issue.message,
    }))
  })
}

/** `said`: the sandbox's message naming what was invalid, with `{fields}` for the fields. */
export function validationProblem(error: z.ZodError, said: SharedMessage): ProblemError {
  const errors = fieldProblems(error)
  const fields = [...new Set(errors.map((e) => e.field))].join(', ')
  return problem(422, 'validation', 'Invalid request', formatMessage(said, { fields }), errors)
}
