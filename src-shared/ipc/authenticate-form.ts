import * as z from 'zod'
import { installationGuidSchema, tokenSchema, userTokenSchema } from '../service'
import type { AuthenticateInput } from './payloads'

/** The Authenticate form: who (identifier or pre-hashed userToken) and which installation. */
const authenticateFormValuesSchema = z.object({
  mode: z.enum(['identifier', 'userToken']),
  value: z.string(),
  guidMode: z.enum(['generate', 'fixed']),
  installationGuid: z.string(),
})
export type AuthenticateFormValues = z.infer<typeof authenticateFormValuesSchema>

export const EMPTY_AUTHENTICATE_FORM: AuthenticateFormValues = {
  mode: 'identifier',
  value: '',
  guidMode: 'generate',
  installationGuid: '',
}

/** Validates each part with the schema the main process uses, on the field the user typed in. */
export const authenticateFormSchema = authenticateFormValuesSchema
  .superRefine((values, context) => {
    const who = (values.mode === 'identifier' ? tokenSchema : userTokenSchema).safeParse(
      values.value,
    )
    if (!who.success) {
      context.addIssue({
        code: 'custom',
        path: ['value'],
        message: who.error.issues[0]?.message ?? 'invalid',
      })
    }
    if (values.guidMode === 'fixed') {
      const guid = installationGuidSchema.safeParse(values.installationGuid.trim())
      if (!guid.success) {
        context.addIssue({
          code: 'custom',
          path: ['installationGuid'],
          message: guid.error.issues[0]?.message ?? 'invalid',
        })
      }
    }
  })
  .transform((values): AuthenticateInput => ({
    ...(values.mode === 'identifier' ? { identifier: values.value } : { userToken: values.value }),
    ...(values.guidMode === 'fixed' ? { installationGuid: values.installationGuid.trim() } : {}),
  }))
