import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { UserFormValues } from '@shared/service'
import { ENVIRONMENT_FIELD_MESSAGES } from './environment-field-labels'

type UserField = keyof UserFormValues

/** Each field by its label in the page's language; the API's names stay for scripts and files. */
export const FIELD_MESSAGES: Record<UserField, MessageDescriptor> = {
  token: msg`Token`,
  status: msg`Status`,
  email: msg`Email`,
  nid_number: msg`ID number (DNI/NIE)`,
  firstname: msg`First name`,
  lastname: msg`Last name`,
  gender: msg`Gender`,
  birthdate: msg`Birthdate`,
  mobile_phone: msg`Mobile phone`,
  description: msg`Description`,
  has_video_call: msg`Video call`,
  has_video_call_1to1: msg`Video call 1 to 1`,
  company_group_code: msg`Company group code`,
  coverage_name: msg`Coverage name`,
  contract_number: msg`Contract number`,
}

/** A field named by its label where the console knows it; any other name is shown as it is. */
export function fieldLabel(i18n: I18n, field: string): string {
  const known =
    (FIELD_MESSAGES as Partial<Record<string, MessageDescriptor>>)[field] ??
    (Object.hasOwn(ENVIRONMENT_FIELD_MESSAGES, field)
      ? ENVIRONMENT_FIELD_MESSAGES[field]
      : undefined)
  return known ? i18n._(known) : field
}
