import type { UserRecord } from '@shared/service'

/** A user as the service holds them, every field set; a test changes what it is about. */
export function storedUser(changes: Partial<UserRecord> = {}): UserRecord {
  return {
    token: 'ana-01',
    status: 2,
    email: 'ana@example.com',
    nid_number: '12345678Z',
    firstname: 'Ana',
    lastname: 'García',
    gender: 1,
    birthdate: '1990-04-12',
    mobile_phone: '+34600111222',
    description: 'Pilot group',
    features: { video_call: 1, video_call_1to1: 0 },
    company_group_code: 'ACME',
    ...changes,
  }
}
