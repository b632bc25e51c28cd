import * as z from 'zod'
import { ruleText } from '../messages/rule-messages'
import {
  birthdateSchema,
  companyGroupCodeSchema,
  contractNumberSchema,
  coverageNameSchema,
  descriptionSchema,
  emailSchema,
  firstnameSchema,
  genderSchema,
  hasVideoCall1to1Schema,
  hasVideoCallSchema,
  lastnameSchema,
  mobilePhoneSchema,
  nidNumberSchema,
  statusSchema,
  tokenSchema,
} from './user-fields'

// A few names, each cut short: the names are the caller's, of any number and length, and each
// text a rule writes is kept for the life of the process (see ruleText).
const NAMED_FIELDS = 3
const NAME_CHARS = 40

function namedFields(keys: readonly string[]): string {
  const named = keys.slice(0, NAMED_FIELDS).map((key) => key.slice(0, NAME_CHARS))
  return keys.length > NAMED_FIELDS ? `${named.join(', ')}, …` : named.join(', ')
}

function unknownFieldsError(call: 'Create' | 'Update') {
  const rule = call === 'Create' ? 'createRefusesFields' : 'updateRefusesFields'
  return (issue: { code?: string; keys?: string[] }) =>
    issue.code === 'unrecognized_keys'
      ? ruleText(rule, { fields: namedFields(issue.keys ?? []) })
      : undefined
}

/** Optional fields both Create and Update accept. */
const sharedOptionalFields = {
  email: emailSchema,
  nid_number: nidNumberSchema,
  firstname: firstnameSchema,
  lastname: lastnameSchema,
  gender: genderSchema,
  birthdate: birthdateSchema,
  description: descriptionSchema,
  has_video_call: hasVideoCallSchema,
  has_video_call_1to1: hasVideoCall1to1Schema,
  company_group_code: companyGroupCodeSchema,
}

export type SharedOptionalField = keyof typeof sharedOptionalFields
export const SHARED_OPTIONAL_FIELDS = Object.keys(sharedOptionalFields) as SharedOptionalField[]

export type CreateOnlyField = 'token' | 'mobile_phone' | 'coverage_name' | 'contract_number'

export const createUserRequestSchema = z.strictObject(
  {
    token: tokenSchema,
    status: statusSchema,
    ...z.object(sharedOptionalFields).partial().shape,
    mobile_phone: mobilePhoneSchema.optional(),
    coverage_name: coverageNameSchema.optional(),
    contract_number: contractNumberSchema.optional(),
  },
  { error: unknownFieldsError('Create') },
)
export type CreateUserRequest = z.output<typeof createUserRequestSchema>

function refusedOnUpdate(field: CreateOnlyField) {
  const error =
    field === 'token'
      ? ruleText('updateRefusesToken', { field })
      : ruleText('updateRefusesCreateOnly', { field })
  return z.never({ error }).optional()
}

/** null clears a stored value; an absent field is kept as stored. */
function clearable<T extends z.ZodType>(schema: T) {
  return schema.nullable().optional()
}

export const updateUserRequestSchema = z.strictObject(
  {
    status: statusSchema,
    email: clearable(emailSchema),
    nid_number: clearable(nidNumberSchema),
    firstname: clearable(firstnameSchema),
    lastname: clearable(lastnameSchema),
    gender: clearable(genderSchema),
    birthdate: clearable(birthdateSchema),
    description: clearable(descriptionSchema),
    has_video_call: clearable(hasVideoCallSchema),
    has_video_call_1to1: clearable(hasVideoCall1to1Schema),
    company_group_code: clearable(companyGroupCodeSchema),
    token: refusedOnUpdate('token'),
    mobile_phone: refusedOnUpdate('mobile_phone'),
    coverage_name: refusedOnUpdate('coverage_name'),
    contract_number: refusedOnUpdate('contract_number'),
  },
  { error: unknownFieldsError('Update') },
)
export type UpdateUserRequest = z.output<typeof updateUserRequestSchema>
