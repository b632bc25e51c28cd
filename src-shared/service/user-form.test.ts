import { describe, expect, it } from 'vitest'
import {
  createUserFormSchema,
  EMPTY_USER_FORM,
  formToUpdateBody,
  recordToFormValues,
  updateUserFormSchema,
} from './user-form'
import { userRecordSchema } from './user-record'

const stored = userRecordSchema.parse({
  token: 'u-1',
  status: 2,
  email: 'ana@example.com',
  nid_number: '12345678Z',
  firstname: 'Ana',
  lastname: 'García',
  gender: 1,
  birthdate: '1990-05-17',
  mobile_phone: '+34600111222',
  description: null,
  features: { 'video_call:': 1, 'video_call_1to1:': 0 },
  company_group_code: 'G1',
})

describe('record -> edit form -> Update body', () => {
  it('prefills the form, mapping features back to has_video_call flags', () => {
    const values = recordToFormValues(stored)
    expect(values).toMatchObject({
      status: '2',
      gender: '1',
      email: 'ana@example.com',
      description: '',
      has_video_call: true,
      has_video_call_1to1: false,
    })
  })

  it('sends the full intended state of every updatable field when nothing changed', () => {
    const body = formToUpdateBody(recordToFormValues(stored), stored)
    expect(body).toEqual({
      status: 2,
      email: 'ana@example.com',
      nid_number: '12345678Z',
      firstname: 'Ana',
      lastname: 'García',
      gender: 1,
      birthdate: '1990-05-17',
      has_video_call: 1,
      has_video_call_1to1: 0,
      company_group_code: 'G1',
    })
  })

  it('clears a field the user emptied, and never sends create-only fields', () => {
    const values = { ...recordToFormValues(stored), email: '  ', mobile_phone: '999' }
    const body = updateUserFormSchema(stored).parse(values)
    expect(body.email).toBeNull()
    expect(body).not.toHaveProperty('mobile_phone')
    expect(body).not.toHaveProperty('token')
    expect(body).not.toHaveProperty('description')
  })

  it('reports invalid edits with the service messages on the field names', () => {
    const values = { ...recordToFormValues(stored), nid_number: '12345678A', status: '1' }
    const result = updateUserFormSchema(stored).safeParse(values)
    const issues = result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? []
    expect(issues).toEqual([
      ['status', expect.stringContaining('status must be one of')],
      ['nid_number', expect.stringContaining('correct control letter')],
    ])
  })
})

describe('create form -> Create body', () => {
  it('drops empty inputs, trims text and turns selects and switches into numbers', () => {
    const body = createUserFormSchema.parse({
      ...EMPTY_USER_FORM,
      token: 'new-1',
      status: '3',
      firstname: '  Luis ',
      gender: '0',
      has_video_call: true,
      mobile_phone: '600111222',
    })
    expect(body).toEqual({
      token: 'new-1',
      status: 3,
      firstname: 'Luis',
      gender: 0,
      has_video_call: 1,
      has_video_call_1to1: 0,
      mobile_phone: '600111222',
    })
  })

  it('needs a token', () => {
    const result = createUserFormSchema.safeParse(EMPTY_USER_FORM)
    expect(result.error?.issues[0]).toMatchObject({
      path: ['token'],
      message: 'token must not be empty',
    })
  })
})

describe('create form, as support staff type it', () => {
  it('sends the DNI and the mobile compacted, as the service takes them', () => {
    const body = createUserFormSchema.parse({
      ...EMPTY_USER_FORM,
      token: 'u-2',
      status: '2',
      nid_number: '12.345.678-z',
      mobile_phone: '+34 612 34 56 78',
    })
    expect(body).toMatchObject({ nid_number: '12345678Z', mobile_phone: '612345678' })
  })

  it('names a foreign mobile prefix instead of sending the number cut', () => {
    const result = createUserFormSchema.safeParse({
      ...EMPTY_USER_FORM,
      token: 'u-3',
      mobile_phone: '+44 7700 900123',
    })
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['mobile_phone'])
  })
})
