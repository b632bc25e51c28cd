import * as z from 'zod'
import type { Said, SaidValue } from './said'

const saidValueSchema: z.ZodType<SaidValue> = z.union([
  z.string(),
  z.number(),
  z.lazy(() => saidSchema),
])

/** A message as id, values and English text (see src-shared/messages/said.ts). */
export const saidSchema: z.ZodType<Said> = z.object({
  id: z.string().max(100),
  values: z.record(z.string(), saidValueSchema),
  text: z.string(),
})
