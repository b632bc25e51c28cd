import { describe, expect, it } from 'vitest'
import { createUserRequestSchema, updateUserRequestSchema } from './requests'

const base = { token: 'user-1', status: 2 }

function messagesOf(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues.map((issue) => issue.message) ?? []
}

function fieldsOf(result: { error?: { issues: { path: PropertyKey[]; keys?: string[] }[] } }) {
  return result.error?.issues.flatMap((issue) => issue.keys ?? [issue.path.join('.')]) ?? []
}

const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)

// [field, valid values, invalid values with a fragment of the expected message]
const rules: [string, unknown[], [unknown, string][]][] = [
  [
    'token',
    ['a', 'user-1', 'x'.repeat(128), "O'Brien; DROP TABLE users;--"],
    [
      ['', 'token must not be empty'],
      ['x'.repeat(129), 'at most 128'],
      [' padded', 'must not start or end with spaces'],
      ['nul\u0000byte', 'control characters'],
      ['next\u0085line', 'control characters'],
      ['csi\u009b31m', 'control characters'],
      ['.', 'a token must be addressable in a path'],
      ['..', 'a token must be addressable in a path'],
      [42, 'token must be text'],
      // Required, and never an Update's: null is only the wrong type.
      [null, 'token must be text'],
    ],
  ],
  [
    'status',
    [0, 2, 3],
    [
      [1, 'status must be one of 0 (Free), 2 (Premium), 3 (No Access)'],
      ['2', 'status must be one of'],
      [2.5, 'status must be one of'],
      [null, 'status must be one of'],
    ],
  ],
  [
    'email',
    // The WHATWG HTML rule for a valid email address: what an email field in a browser accepts.
    [
      'ana@example.com',
      'a.b+c@sub.example.es',
      'user@localhost',
      'user@example.xn--p1ai',
      `user@${'a'.repeat(63)}.com`,
    ],
    [
      ['not-an-email', 'valid email address'],
      ['user@example-.com', 'valid email address'],
      ['user@-example.com', 'valid email address'],
      ['user@example..com', 'valid email address'],
      [`user@${'a'.repeat(64)}.com`, 'valid email address'],
      ['"quoted"@example.com', 'valid email address'],
      ['user@exämple.com', 'valid email address'],
      [null, 'null clears a stored value, and only in an Update'],
      [`${'a'.repeat(250)}@example.com`, 'at most 254'],
    ],
  ],
  [
    'nid_number',
    ['12345678Z', '47909749J', 'X1234567L', 'y1234567x'],
    [
      ['12345678A', 'correct control letter'],
      ['X1234567T', 'correct control letter'],
      ['1234', 'DNI'],
      [12345678, 'nid_number must be text'],
    ],
  ],
  [
    'firstname',
    ['Ana', 'María José'],
    [
      ['', 'must not be empty'],
      ['x'.repeat(101), 'at most 100'],
      ['Ana\u0080', 'control characters'],
      ['Ana\u009f', 'control characters'],
    ],
  ],
  [
    'lastname',
    ['García'],
    [
      ['', 'must not be empty'],
      ['x'.repeat(101), 'at most 100'],
    ],
  ],
  [
    'gender',
    [0, 1],
    [
      [2, 'gender must be one of 0 (Male), 1 (Female)'],
      ['0', 'gender must be'],
      [null, 'null clears a stored value, and only in an Update'],
    ],
  ],
  [
    'birthdate',
    ['1990-02-28', '2000-02-29', '1900-01-01'],
    [
      ['1990-02-30', 'birthdate is not a day of the calendar'],
      ['2001-02-29', 'birthdate is not a day of the calendar'],
      ['1990-2-3', 'date written YYYY-MM-DD'],
      ['03/02/1990', 'date written YYYY-MM-DD'],
      ['1990-02-03T00:00:00Z', 'date written YYYY-MM-DD'],
      [tomorrow, 'must not be in the future'],
      ['1899-12-31', 'must not be before 1900-01-01'],
    ],
  ],
  [
    'mobile_phone',
    ['600111222', '1', '1'.repeat(20)],
    [
      ['+34600111222', 'without "+" or the country prefix'],
      ['600 111 222', 'digits only'],
      ['1'.repeat(21), 'at most 20'],
      ['', 'digits only'],
      [600111222, 'mobile_phone must be text'],
      [null, 'mobile_phone must be text'],
    ],
  ],
  ['description', ['Any text, even long'], [['x'.repeat(1001), 'at most 1000']]],
  ['has_video_call', [0, 1], [[true, 'has_video_call must be one of 0 (Disabled), 1 (Enabled)']]],
  ['has_video_call_1to1', [0, 1], [[2, 'has_video_call_1to1 must be one of']]],
  ['company_group_code', ['ACME-01'], [['x'.repeat(101), 'at most 100']]],
  ['coverage_name', ['Gold'], [['', 'must not be empty']]],
  ['contract_number', ['C-2026-001'], [['x'.repeat(101), 'at most 100']]],
]

describe('Create request: every field rule', () => {
  for (const [field, valid, invalid] of rules) {
    it.each(valid.map((value) => [value]))(`accepts ${field} = %j`, (value) => {
      const result = createUserRequestSchema.safeParse({ ...base, [field]: value })
      expect(messagesOf(result)).toEqual([])
    })
    it.each(invalid)(`refuses ${field} = %j`, (value, message) => {
      const result = createUserRequestSchema.safeParse({ ...base, [field]: value })
      expect(result.success).toBe(false)
      expect(fieldsOf(result)).toContain(field)
      expect(messagesOf(result).join('\n')).toContain(message)
    })
  }

  it("says null is Update's way to clear only for the fields an Update can clear", () => {
    const create = (field: string) =>
      messagesOf(createUserRequestSchema.safeParse({ ...base, [field]: null }))
    expect(create('token')).toEqual(['token must be text'])
    expect(create('mobile_phone')).toEqual(['mobile_phone must be text'])
    expect(create('firstname')).toEqual([
      'firstname must be text or left out: null clears a stored value, and only in an Update',
    ])
  })

  it('requires token and status and says so by name', () => {
    const result = createUserRequestSchema.safeParse({})
    expect(messagesOf(result)).toEqual(['token is required', 'status is required'])
  })

  it('upper-cases a NIE/DNI letter typed in lowercase', () => {
    const result = createUserRequestSchema.parse({ ...base, nid_number: 'x1234567l' })
    expect(result.nid_number).toBe('X1234567L')
  })

  it('refuses fields the service does not have, naming them', () => {
    const result = createUserRequestSchema.safeParse({ ...base, nickname: 'x', admin: true })
    expect(fieldsOf(result)).toEqual(['nickname', 'admin'])
    expect(messagesOf(result)[0]).toContain('Create does not accept nickname, admin')
  })

  it('refuses a body that is not an object', () => {
    for (const body of [null, [], 'text', 1]) {
      expect(createUserRequestSchema.safeParse(body).success).toBe(false)
    }
  })
})

describe('Update request', () => {
  it('requires status and accepts every updatable field', () => {
    expect(messagesOf(updateUserRequestSchema.safeParse({}))).toEqual(['status is required'])
    const full = {
      status: 0,
      email: 'ana@example.com',
      nid_number: '12345678Z',
      firstname: 'Ana',
      lastname: 'García',
      gender: 1,
      birthdate: '1990-01-01',
      description: 'VIP',
      has_video_call: 1,
      has_video_call_1to1: 0,
      company_group_code: 'G1',
    }
    expect(updateUserRequestSchema.parse(full)).toEqual(full)
  })

  it.each(['token', 'mobile_phone', 'coverage_name', 'contract_number'])(
    'refuses %s with a message that says Update does not accept it',
    (field) => {
      const result = updateUserRequestSchema.safeParse({ status: 0, [field]: 'x' })
      expect(fieldsOf(result)).toEqual([field])
      expect(messagesOf(result)[0]).toMatch(new RegExp(`^Update does not accept ${field}`))
    },
  )

  it('takes null as "clear this field" and still validates given values', () => {
    expect(updateUserRequestSchema.parse({ status: 2, email: null }).email).toBeNull()
    const result = updateUserRequestSchema.safeParse({ status: 2, email: 'nope' })
    expect(messagesOf(result)[0]).toContain('valid email address')
  })
})
