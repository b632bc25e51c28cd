import { describe, expect, it } from 'vitest'
import { sessionSchema } from './session'
import { userRecordSchema } from './user-record'

describe('Retrieve record, read tolerantly', () => {
  it('reads the published sample, whose feature keys end with a colon', () => {
    const record = userRecordSchema.parse({
      token: 'abc',
      status: 2,
      mobile_phone: '600111222',
      features: { 'video_call:': 1, 'video_call_1to1:': 0 },
    })
    expect(record.features).toEqual({ video_call: 1, video_call_1to1: 0 })
    expect(record.mobile_phone).toBe('600111222')
  })

  it('reads the documented spelling, and prefers it when both are present', () => {
    const record = userRecordSchema.parse({
      token: 'abc',
      features: { video_call: 0, 'video_call:': 1, video_call_1to1: 1 },
    })
    expect(record.features).toEqual({ video_call: 0, video_call_1to1: 1 })
  })

  it('turns missing fields into null and numbers sent as strings into numbers', () => {
    const record = userRecordSchema.parse({ token: 'abc', status: '3', gender: '1' })
    expect(record).toMatchObject({ status: 3, gender: 1, email: null, birthdate: null })
    expect(record.features).toEqual({ video_call: null, video_call_1to1: null })
  })

  it('keeps a status the spec does not list, so the screen can show it as unknown', () => {
    expect(userRecordSchema.parse({ token: 'abc', status: 1 }).status).toBe(1)
  })

  it('refuses a record with no token', () => {
    expect(userRecordSchema.safeParse({ status: 2 }).success).toBe(false)
  })
})

describe('Session answer', () => {
  it('accepts sessionToken as a UUID string or as the declared integer', () => {
    const base = { jwt: 'a.b.c', userHash: 'u' }
    expect(
      sessionSchema.parse({ ...base, sessionToken: 'f47ac10b-58cc-4372-a567-0e02b2c3d479' })
        .sessionToken,
    ).toBe('f47ac10b-58cc-4372-a567-0e02b2c3d479')
    expect(sessionSchema.parse({ ...base, sessionToken: 12345 }).sessionToken).toBe('12345')
  })

  it('refuses an answer without a jwt', () => {
    expect(sessionSchema.safeParse({ userHash: 'u', sessionToken: 's' }).success).toBe(false)
  })
})
