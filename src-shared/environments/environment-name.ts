import * as z from 'zod'
import { ruleText } from '../messages/rule-messages'

const MAX_ENVIRONMENT_NAME = 60

// A name is shown where a person decides on it (main's production dialog, the typed-name guard,
// the command line's lists): a character that is not seen, or that reorders what follows it,
// could make it read as another name or turn the warning around it. Each class is said apart,
// with a fixed text: the rules' table remembers each text a schema writes, and a page choosing
// which character to send must not grow it.
const DIRECTION = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u
const CONTROL = /[\p{Cc}\p{Zl}\p{Zp}]/u
const BROKEN = /\p{Cs}/u
/** Format characters and what Unicode itself says displays as nothing (zero-width, fillers, tags). */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/u

const RULES = [
  [DIRECTION, 'directionCharacters'],
  [CONTROL, 'controlCharacters'],
  [BROKEN, 'unpairedSurrogate'],
  [INVISIBLE, 'invisibleCharacters'],
] as const

/** An environment's name as a person types it or a file of environments brings it. */
export const environmentNameSchema = z
  .string({ error: ruleText('notText', { field: 'name' }) })
  .trim()
  .min(1, { error: ruleText('notEmpty', { field: 'name' }) })
  .max(MAX_ENVIRONMENT_NAME, {
    error: ruleText('tooLong', { field: 'name', max: MAX_ENVIRONMENT_NAME }),
  })
  .superRefine((name, context) => {
    const broken = RULES.find(([pattern]) => pattern.test(name))
    if (broken)
      context.addIssue({ code: 'custom', message: ruleText(broken[1], { field: 'name' }) })
  })

const HIDDEN = new RegExp(
  RULES.map(([pattern]) => pattern.source).join('|'),
  // Each class again, anywhere in the name: one mark per character.
  'gu',
)
const CONTROL_PICTURES = 0x2400
const DELETE_PICTURE = '\u2421'
const REPLACEMENT = '\uFFFD'

/**
 * A name stored before these rules, with each character they refuse made visible in its place:
 * a C0 control as its Control Picture (a line break reads ␊), any other as �. The environment and
 * everything else about it load as they were; the next write stores the name as it is shown.
 */
export function visibleEnvironmentName(name: string): string {
  return name.replace(HIDDEN, (character) => {
    const code = character.codePointAt(0) ?? 0
    if (code < 0x20) return String.fromCodePoint(CONTROL_PICTURES + code)
    return code === 0x7f ? DELETE_PICTURE : REPLACEMENT
  })
}

/** A name as the settings file holds it: loaded, never refused, for what the rules now refuse. */
export const storedEnvironmentNameSchema = z
  .string({ error: ruleText('notText', { field: 'name' }) })
  .trim()
  .transform(visibleEnvironmentName)
  .pipe(environmentNameSchema)
