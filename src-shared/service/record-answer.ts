import * as z from 'zod'
import {
  birthdateSchema,
  companyGroupCodeSchema,
  descriptionSchema,
  emailSchema,
  firstnameSchema,
  genderSchema,
  hasVideoCall1to1Schema,
  hasVideoCallSchema,
  lastnameSchema,
  nidNumberSchema,
  statusSchema,
  tokenSchema,
} from './user-fields'

/**
 * The record as the spec's prose lays it out and the sandbox answers Create, Retrieve and
 * Update: every field present, null when unset, each stored value within its request rule.
 * The console reads a real service's answers more tolerantly (userRecordSchema); this is what
 * the OpenAPI document promises and the contract test holds the sandbox to.
 */
export const recordAnswerSchema = z.strictObject({
  token: tokenSchema,
  status: statusSchema,
  email: emailSchema.nullable(),
  nid_number: nidNumberSchema.nullable(),
  firstname: firstnameSchema.nullable(),
  lastname: lastnameSchema.nullable(),
  gender: genderSchema.nullable(),
  birthdate: birthdateSchema.nullable(),
  // With the prefix the sandbox is set up with (SANDBOX_PHONE_PREFIX, +34 by default).
  mobile_phone: z
    .string()
    .regex(/^\+?[0-9]+$/)
    .nullable(),
  description: descriptionSchema.nullable(),
  features: z.strictObject({
    video_call: hasVideoCallSchema,
    video_call_1to1: hasVideoCall1to1Schema,
  }),
  company_group_code: companyGroupCodeSchema.nullable(),
})
