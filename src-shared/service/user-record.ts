import * as z from 'zod'
import { ruleText } from '../messages/rule-messages'

// Retrieve is read tolerantly: the published samples disagree with the prose (feature keys
// with a trailing colon, mobile_phone without its prefix), so every field may be missing, null,
// or a number sent as a string, and is shown as the server sent it.

const looseNumber = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^-?\d+$/)
      .transform(Number),
  ])
  .nullish()
  .transform((value) => value ?? null)

const looseText = z
  .union([z.string(), z.number().transform(String)])
  .nullish()
  .transform((value) => value ?? null)

type FeatureKey = 'video_call' | 'video_call_1to1'

function readFeature(features: Record<string, unknown>, key: FeatureKey): number | null {
  for (const spelling of [key, `${key}:`]) {
    const parsed = looseNumber.safeParse(features[spelling])
    if (parsed.success && parsed.data !== null) return parsed.data
  }
  return null
}

const featuresSchema = z
  .record(z.string(), z.unknown())
  .nullish()
  .transform((features) => ({
    video_call: features ? readFeature(features, 'video_call') : null,
    video_call_1to1: features ? readFeature(features, 'video_call_1to1') : null,
  }))

export const userRecordSchema = z.object({
  token: z.union([z.string().min(1), z.number().transform(String)], {
    error: ruleText('recordWithoutToken'),
  }),
  status: looseNumber,
  email: looseText,
  nid_number: looseText,
  firstname: looseText,
  lastname: looseText,
  gender: looseNumber,
  birthdate: looseText,
  mobile_phone: looseText,
  description: looseText,
  features: featuresSchema,
  company_group_code: looseText,
})
export type UserRecord = z.output<typeof userRecordSchema>
