// Spanish identity numbers: DNI = 8 digits + control letter; NIE = X/Y/Z + 7 digits + control
// letter, where X, Y, Z stand for 0, 1, 2 when the control letter is computed.
const CONTROL_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE'
const NIE_PREFIX_DIGIT: Record<string, string> = { X: '0', Y: '1', Z: '2' }
const SHAPE = /^(?:[XYZ]\d{7}|\d{8})[A-Z]$/

/**
 * A DNI or NIE as written, either case; its control letter is checked in code. [0-9], not \d: the
 * OpenAPI document states it, and Python's re reads \d as any Unicode digit.
 */
export const NID_NUMBER_SHAPE = /^(?:[XYZxyz][0-9]{7}|[0-9]{8})[A-Za-z]$/

export function nidControlLetter(digits: string): string {
  return CONTROL_LETTERS[Number(digits) % 23] ?? ''
}

export function isValidNidNumber(value: string): boolean {
  if (!SHAPE.test(value)) return false
  const body = value.slice(0, -1)
  const prefix = NIE_PREFIX_DIGIT[body.charAt(0)]
  const digits = prefix === undefined ? body : prefix + body.slice(1)
  return nidControlLetter(digits) === value.slice(-1)
}
