import type { SharedMessage } from './message-text'

/** The rules of an environment's network settings: its proxy, its trust, its client certificate. */
export const NETWORK_RULE_MESSAGES = {
  proxyCredentials: /*i18n*/ {
    id: 'rule.proxyCredentials',
    message:
      '{field} must not carry a user name or password (user@host): the proxy asks for them, the keychain keeps them',
  },
  caOnlyNeedsFile: /*i18n*/ {
    id: 'rule.caOnlyNeedsFile',
    message: 'to trust only a CA file, choose the CA file',
  },
  proxyUsernameCharacters: /*i18n*/ {
    id: 'rule.proxyUsernameCharacters',
    message: '{field} must not contain a colon or control characters',
  },
  yesOrNo: /*i18n*/ { id: 'rule.yesOrNo', message: '{field} must be true or false' },
} as const satisfies Record<string, SharedMessage>
