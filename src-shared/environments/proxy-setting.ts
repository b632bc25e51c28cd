import * as z from 'zod'
import { ruleText } from '../messages/rule-messages'

export const PROXY_MODES = ['system', 'none', 'url'] as const

/** The kinds of proxy the console speaks: CONNECT through http:// and https://, and SOCKS5. */
const PROXY_URL = /^(?:https?|socks5h?):$/

/**
 * A proxy's address: http://, https://, socks5:// (names resolved here) or socks5h:// (by the
 * proxy), with no name or password in it (a proxy that asks for them gets them from the
 * keychain, never from a URL that settings, logs and messages show). Kept as scheme, host and
 * port: a socks5:// URL has no origin in WHATWG's terms.
 */
const proxyUrlSchema = z
  .string({ error: ruleText('notText', { field: 'proxy' }) })
  .trim()
  .max(2048, { error: ruleText('tooLong', { field: 'proxy', max: 2048 }) })
  .refine(
    (value) =>
      URL.canParse(value) &&
      PROXY_URL.test(new URL(value).protocol) &&
      new URL(value).hostname !== '',
    {
      error: ruleText('proxyUrl', { field: 'proxy' }),
    },
  )
  .refine(
    (value) =>
      !URL.canParse(value) || (new URL(value).username === '' && new URL(value).password === ''),
    { error: ruleText('proxyCredentials', { field: 'proxy' }) },
  )
  .transform((value) => {
    const { protocol, host } = new URL(value)
    return `${protocol}//${host}`
  })

/**
 * The name a proxy that asks for one (Basic) is given; its password is a secret of the
 * environment. Basic joins the two with a colon, so the name cannot hold one.
 */
const proxyUsernameSchema = z
  .string({ error: ruleText('notText', { field: 'proxyUsername' }) })
  .trim()
  .min(1, { error: ruleText('notEmpty', { field: 'proxyUsername' }) })
  .max(256, { error: ruleText('tooLong', { field: 'proxyUsername', max: 256 }) })
  // eslint-disable-next-line no-control-regex
  .refine((value) => !/[\u0000-\u001f\u007f-\u009f:]/.test(value), {
    error: ruleText('proxyUsernameCharacters', { field: 'proxyUsername' }),
  })

/**
 * How an environment's calls reach the service: `system` as this computer is set up (the
 * HTTPS_PROXY / HTTP_PROXY / ALL_PROXY / NO_PROXY variables, as curl reads them), `none`
 * straight, `url` through that proxy.
 */
export const proxySettingSchema = z.discriminatedUnion(
  'mode',
  [
    z.object({ mode: z.literal('system') }),
    z.object({ mode: z.literal('none') }),
    z.object({
      mode: z.literal('url'),
      url: proxyUrlSchema,
      username: proxyUsernameSchema.nullable().default(null),
    }),
  ],
  { error: ruleText('choice', { field: 'proxy', choices: PROXY_MODES.join(', ') }) },
)
export type ProxySetting = z.output<typeof proxySettingSchema>
/** A proxy setting as a face writes it, its defaults left out. */
export type ProxySettingInput = z.input<typeof proxySettingSchema>

export const SYSTEM_PROXY: ProxySetting = { mode: 'system' }
