import type { SharedMessage } from './message-text'

/**
 * The rules of text that is shown where a person decides on it (an environment's name): what
 * could hide part of it or turn it around. Control characters and broken ones have their own rules.
 */
export const HIDDEN_CHARACTER_RULE_MESSAGES = {
  directionCharacters: /*i18n*/ {
    id: 'rule.directionCharacters',
    message:
      '{field} must not contain characters that change the direction of text (such as U+202E): they can make it read as something else',
  },
  invisibleCharacters: /*i18n*/ {
    id: 'rule.invisibleCharacters',
    message:
      '{field} must not contain invisible characters (such as a zero-width space, U+200B): what is shown must be all there is',
  },
} as const satisfies Record<string, SharedMessage>
