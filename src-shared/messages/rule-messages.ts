import type { SharedMessage } from './message-text'
import { BULK_RULE_MESSAGES } from './bulk-rule-messages'
import { ENVIRONMENTS_FILE_RULE_MESSAGES } from './environments-file-rule-messages'
import { HIDDEN_CHARACTER_RULE_MESSAGES } from './hidden-character-rule-messages'
import { NETWORK_RULE_MESSAGES } from './network-rule-messages'
import { saidOf, type Said, type SaidValue } from './said'

/**
 * The shared schemas' rules, as the renderer's forms, main's channel checks, the sandbox's
 * problem+json and the command line say them (see shared-messages.ts for how every face
 * translates them). The schemas need only this table, so the page carries no more than it.
 */
export const RULE_MESSAGES = {
  ...NETWORK_RULE_MESSAGES,
  ...BULK_RULE_MESSAGES,
  ...ENVIRONMENTS_FILE_RULE_MESSAGES,
  ...HIDDEN_CHARACTER_RULE_MESSAGES,
  required: /*i18n*/ { id: 'rule.required', message: '{field} is required' },
  notText: /*i18n*/ { id: 'rule.notText', message: '{field} must be text' },
  nullNotText: /*i18n*/ {
    id: 'rule.nullNotText',
    message: '{field} must be text or left out: null clears a stored value, and only in an Update',
  },
  dotSegmentToken: /*i18n*/ {
    id: 'rule.dotSegmentToken',
    message:
      '{field} must not be "." or "..": a token must be addressable in a path, and HTTP clients remove those two from a URL',
  },
  notEmpty: /*i18n*/ { id: 'rule.notEmpty', message: '{field} must not be empty' },
  tooLong: /*i18n*/ { id: 'rule.tooLong', message: '{field} must be at most {max} characters' },
  controlCharacters: /*i18n*/ {
    id: 'rule.controlCharacters',
    message: '{field} must not contain control characters',
  },
  unpairedSurrogate: /*i18n*/ {
    id: 'rule.unpairedSurrogate',
    message: '{field} must not contain a broken character (an unpaired surrogate)',
  },
  edgeSpaces: /*i18n*/ {
    id: 'rule.edgeSpaces',
    message: '{field} must not start or end with spaces',
  },
  numberChoice: /*i18n*/ {
    id: 'rule.numberChoice',
    message: '{field} must be one of {choices} (a JSON number)',
  },
  nullChoice: /*i18n*/ {
    id: 'rule.nullChoice',
    message:
      '{field} must be one of {choices} or left out: null clears a stored value, and only in an Update',
  },
  choice: /*i18n*/ { id: 'rule.choice', message: '{field} must be one of {choices}' },
  email: /*i18n*/ {
    id: 'rule.email',
    message:
      '{field} must be a valid email address as a browser takes one, like name@example.com (an international domain in its xn-- form)',
  },
  nidControlLetter: /*i18n*/ {
    id: 'rule.nidControlLetter',
    message:
      '{field} must be a Spanish DNI (8 digits + control letter, e.g. 12345678Z) or NIE (X/Y/Z + 7 digits + control letter) with a correct control letter',
  },
  calendarDate: /*i18n*/ {
    id: 'rule.calendarDate',
    message: '{field} must be a date written YYYY-MM-DD',
  },
  calendarDateAsWritten: /*i18n*/ {
    id: 'rule.calendarDateAsWritten',
    message: '{field} must be a date written YYYY-MM-DD or day first, as 17/05/1990',
  },
  noSuchDate: /*i18n*/ {
    id: 'rule.noSuchDate',
    message: '{field} is not a day of the calendar',
  },
  dateInFuture: /*i18n*/ { id: 'rule.dateInFuture', message: '{field} must not be in the future' },
  dateTooEarly: /*i18n*/ { id: 'rule.dateTooEarly', message: '{field} must not be before {date}' },
  phoneDigits: /*i18n*/ {
    id: 'rule.phoneDigits',
    message: '{field} must be digits only, without "+" or the country prefix',
  },
  phoneTooLong: /*i18n*/ {
    id: 'rule.phoneTooLong',
    message: '{field} must be at most {max} digits',
  },
  phoneForeignPrefix: /*i18n*/ {
    id: 'rule.phoneForeignPrefix',
    message:
      '{field} starts with a country prefix other than +34: only Spanish numbers are accepted, written with +34 or without a prefix',
  },
  uuid: /*i18n*/ {
    id: 'rule.uuid',
    message: '{field} must be a UUID, like 3f2b8c1e-9a4d-4f6b-8e2a-1c5d7e9f0a2b',
  },
  createRefusesFields: /*i18n*/ {
    id: 'rule.createRefusesFields',
    message: 'Create does not accept {fields}: not a field of the service',
  },
  updateRefusesFields: /*i18n*/ {
    id: 'rule.updateRefusesFields',
    message: 'Update does not accept {fields}: not a field of the service',
  },
  updateRefusesToken: /*i18n*/ {
    id: 'rule.updateRefusesToken',
    message: 'Update does not accept {field}: the token is part of the URL',
  },
  updateRefusesCreateOnly: /*i18n*/ {
    id: 'rule.updateRefusesCreateOnly',
    message: 'Update does not accept {field}: it can only be set on Create',
  },
  baseOfOtherUser: /*i18n*/ {
    id: 'rule.baseOfOtherUser',
    message: 'the record the changes were made over is of another user',
  },
  identifierOrUserToken: /*i18n*/ {
    id: 'rule.identifierOrUserToken',
    message: 'Give either the user identifier or an already-hashed userToken, not both',
  },
  answerWithoutJwt: /*i18n*/ { id: 'rule.answerWithoutJwt', message: 'the answer has no jwt' },
  recordWithoutToken: /*i18n*/ {
    id: 'rule.recordWithoutToken',
    message: 'the record has no token',
  },
  secretNotText: /*i18n*/ { id: 'rule.secretNotText', message: 'the secret must be text' },
  secretEmpty: /*i18n*/ { id: 'rule.secretEmpty', message: 'the secret must not be empty' },
  secretTooLong: /*i18n*/ {
    id: 'rule.secretTooLong',
    message: 'the secret must be at most {max} characters',
  },
  secretControlCharacters: /*i18n*/ {
    id: 'rule.secretControlCharacters',
    message: 'the secret must not contain control characters or line breaks',
  },
  secretTooShort: /*i18n*/ {
    id: 'rule.secretTooShort',
    message:
      'the secret must be at least {min} characters: a shorter one could not be told apart from other text, so the console could not hide it where a service echoes it back',
  },
  secretUnpairedSurrogate: /*i18n*/ {
    id: 'rule.secretUnpairedSurrogate',
    message: 'the secret must not contain a broken character (an unpaired surrogate)',
  },
  secretName: /*i18n*/ {
    id: 'rule.secretName',
    message: 'the secret must be one of {choices}',
  },
  jwtNotText: /*i18n*/ { id: 'rule.jwtNotText', message: 'the token must be text' },
  jwtEmpty: /*i18n*/ { id: 'rule.jwtEmpty', message: 'the token must not be empty' },
  jwtTooLong: /*i18n*/ {
    id: 'rule.jwtTooLong',
    message: 'the token must be at most {max} characters',
  },
  environmentIdNotText: /*i18n*/ {
    id: 'rule.environmentIdNotText',
    message: 'the environment id must be text',
  },
  environmentIdInvalid: /*i18n*/ {
    id: 'rule.environmentIdInvalid',
    message: 'the environment id is not valid',
  },
  userTokenScheme: /*i18n*/ {
    id: 'rule.userTokenScheme',
    message: 'the userToken scheme must be one of {choices}',
  },
  httpUrl: /*i18n*/ { id: 'rule.httpUrl', message: '{field} must be an http:// or https:// URL' },
  proxyUrl: /*i18n*/ {
    id: 'rule.proxyUrl',
    message: '{field} must be an http://, https://, socks5:// or socks5h:// URL',
  },
  urlCredentials: /*i18n*/ {
    id: 'rule.urlCredentials',
    message:
      '{field} must not carry a user name or password (user@host): set the API key and secret key instead',
  },
  productionNeedsHttps: /*i18n*/ {
    id: 'rule.productionNeedsHttps',
    message:
      'a production environment must use https://: over http:// its API key and secret key would cross the network in clear',
  },
  httpOnlyLoopback: /*i18n*/ {
    id: 'rule.httpOnlyLoopback',
    message:
      'http:// is allowed only on this machine (localhost, 127.0.0.1, [::1]); use https:// for a {kind} environment elsewhere',
  },
  notANumber: /*i18n*/ { id: 'rule.notANumber', message: '{field} must be a number' },
  wholeMilliseconds: /*i18n*/ {
    id: 'rule.wholeMilliseconds',
    message: '{field} must be a whole number of milliseconds',
  },
  wholeKiB: /*i18n*/ { id: 'rule.wholeKiB', message: '{field} must be a whole number of KiB' },
  atLeast: /*i18n*/ { id: 'rule.atLeast', message: '{field} must be at least {min}' },
  atMost: /*i18n*/ { id: 'rule.atMost', message: '{field} must be at most {max}' },
} as const satisfies Record<string, SharedMessage>

export type RuleMessageKey = keyof typeof RULE_MESSAGES

// A zod issue holds its message as text only; each rule's text is remembered with its id and
// values when a schema writes it, so an issue is known again by exact lookup, never by parsing.
// The schemas write a bounded set (a rule that names what a caller sent names a few of it, cut
// short), so the table stays small; the caps guard against a rule that one day would not.
const RULES_BY_TEXT = new Map<string, Said>()
const MAX_REMEMBERED = 5000
const MAX_REMEMBERED_CHARS = 400

/** A rule's English text with its values in place, as a zod schema takes it. */
export function ruleText(
  key: RuleMessageKey,
  values: Readonly<Record<string, SaidValue>> = {},
): string {
  const said = saidOf(RULE_MESSAGES[key], values)
  const fits = said.text.length <= MAX_REMEMBERED_CHARS && RULES_BY_TEXT.size < MAX_REMEMBERED
  if (fits && !RULES_BY_TEXT.has(said.text)) RULES_BY_TEXT.set(said.text, said)
  return said.text
}

/** The rule a schema wrote as this text (a zod issue's message), if one did. */
export function ruleSaid(text: string): Said | undefined {
  return RULES_BY_TEXT.get(text)
}
