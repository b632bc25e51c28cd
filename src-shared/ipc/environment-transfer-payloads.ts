import * as z from 'zod'
import { fileHandleSchema } from '../bulk/file-path'
import {
  environmentIdSchema,
  importChangeSchema,
  MAX_SHARED_ENVIRONMENTS,
  secretNameSchema,
} from '../environments'

/** Export: these environments (never the built-in sandbox), to a place chosen to save. */
export const environmentsExportInputSchema = z.object({
  file: fileHandleSchema,
  ids: z.array(environmentIdSchema).min(1).max(MAX_SHARED_ENVIRONMENTS),
})
export const environmentsExportSchema = z.object({
  /** The file's name (never its path), and how many environments it holds. */
  name: z.string(),
  count: z.int().min(0),
})

export const environmentsImportPlanInputSchema = z.object({ file: fileHandleSchema })
export const environmentsImportPlanSchema = z.object({ changes: z.array(importChangeSchema) })

/**
 * Import: every new environment is added; one that differs from an environment of the same name
 * replaces it only when its name is in `replace` (the user saw the change and said so).
 */
export const environmentsImportInputSchema = z.object({
  file: fileHandleSchema,
  replace: z.array(z.string().max(60)).max(MAX_SHARED_ENVIRONMENTS),
})
export const environmentsImportSchema = z.object({
  /** Each environment of the file, and whether its change was made. */
  changes: z.array(importChangeSchema.extend({ done: z.boolean() })),
  /** The environments added or replaced, and the secrets each still needs. */
  secretsToSet: z.array(
    z.object({ id: environmentIdSchema, name: z.string(), secrets: z.array(secretNameSchema) }),
  ),
})
export type EnvironmentsImport = z.output<typeof environmentsImportSchema>
