export const USER_STATUSES = [0, 2, 3] as const
export type UserStatus = (typeof USER_STATUSES)[number]
export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  0: 'Free',
  2: 'Premium',
  3: 'No Access',
}

export const GENDERS = [0, 1] as const
export type Gender = (typeof GENDERS)[number]
export const GENDER_LABELS: Record<Gender, string> = { 0: 'Male', 1: 'Female' }

export const FLAGS = [0, 1] as const
export type Flag = (typeof FLAGS)[number]
export const FLAG_LABELS: Record<Flag, string> = { 0: 'Disabled', 1: 'Enabled' }

function describe(labels: Record<number, string>): string {
  return Object.entries(labels)
    .map(([value, label]) => `${value} (${label})`)
    .join(', ')
}

export const STATUS_CHOICES_TEXT = describe(USER_STATUS_LABELS)
export const GENDER_CHOICES_TEXT = describe(GENDER_LABELS)
export const FLAG_CHOICES_TEXT = describe(FLAG_LABELS)
