/**
 * Forms of the proxy variables a support person's machine may have, and where curl goes with
 * each: to proxy A, to proxy B, or straight to the service. `{A}` and `{B}` stand for the two
 * proxies' host:port. The console's rules are held to this table (proxy-variables.test.ts) and
 * the table to Debian's curl (test/network/proxy-variables-curl.test.ts).
 */
export type Where = 'proxy A' | 'proxy B' | 'straight'

export interface VariablesCase {
  what: string
  url: string
  variables: Record<string, string>
  curl: Where
}

const SERVICE = 'https://svc.corp.example/'
const A = { https_proxy: '{A}' }

function form(what: string, url: string, variables: Record<string, string>, curl: Where) {
  return { what, url, variables, curl }
}

export const VARIABLES_CASES: readonly VariablesCase[] = [
  form('https_proxy', SERVICE, { https_proxy: 'http://{A}' }, 'proxy A'),
  form('HTTPS_PROXY', SERVICE, { HTTPS_PROXY: 'http://{A}' }, 'proxy A'),
  form('lower case before upper', SERVICE, { https_proxy: '{A}', HTTPS_PROXY: '{B}' }, 'proxy A'),
  form('an empty variable is unset', SERVICE, { https_proxy: '', HTTPS_PROXY: '{B}' }, 'proxy B'),
  form('HTTP_PROXY is never read', 'http://svc.corp.example/', { HTTP_PROXY: '{A}' }, 'straight'),
  form('http_proxy for http', 'http://svc.corp.example/', { http_proxy: '{A}' }, 'proxy A'),
  form('http_proxy is not for https', SERVICE, { http_proxy: '{A}' }, 'straight'),
  form('all_proxy', SERVICE, { all_proxy: '{A}' }, 'proxy A'),
  form('ALL_PROXY', SERVICE, { ALL_PROXY: '{A}' }, 'proxy A'),
  form('all_proxy before ALL_PROXY', SERVICE, { all_proxy: '{A}', ALL_PROXY: '{B}' }, 'proxy A'),
  form(
    'the scheme’s own before all_proxy',
    SERVICE,
    { all_proxy: '{A}', HTTPS_PROXY: '{B}' },
    'proxy B',
  ),
  form('a proxy without a scheme', SERVICE, { https_proxy: '{A}' }, 'proxy A'),
  form('a SOCKS proxy', SERVICE, { https_proxy: 'socks5h://{A}' }, 'proxy A'),
  form('NO_PROXY a domain', SERVICE, { ...A, NO_PROXY: 'corp.example' }, 'straight'),
  form('NO_PROXY a domain with a dot', SERVICE, { ...A, NO_PROXY: '.corp.example' }, 'straight'),
  form('NO_PROXY a last label', SERVICE, { ...A, NO_PROXY: 'example' }, 'straight'),
  form('NO_PROXY the host itself', SERVICE, { ...A, NO_PROXY: 'svc.corp.example' }, 'straight'),
  form('NO_PROXY a wildcard', SERVICE, { ...A, NO_PROXY: '*.corp.example' }, 'proxy A'),
  form('NO_PROXY *', SERVICE, { ...A, NO_PROXY: '*' }, 'straight'),
  form('NO_PROXY * in a list', SERVICE, { ...A, NO_PROXY: 'other.example,*' }, 'proxy A'),
  form(
    'NO_PROXY with a port',
    'https://svc.corp.example:8443/',
    { ...A, NO_PROXY: 'svc.corp.example:8443' },
    'proxy A',
  ),
  form(
    'NO_PROXY not a suffix at a dot',
    'https://svc.noncorp.example/',
    { ...A, NO_PROXY: 'corp.example' },
    'proxy A',
  ),
  form(
    'no_proxy before NO_PROXY',
    SERVICE,
    { ...A, no_proxy: 'other.example', NO_PROXY: 'corp.example' },
    'proxy A',
  ),
  form(
    'an empty no_proxy is unset',
    SERVICE,
    { ...A, no_proxy: '', NO_PROXY: 'corp.example' },
    'straight',
  ),
  form('NO_PROXY in capitals', SERVICE, { ...A, NO_PROXY: 'CORP.EXAMPLE' }, 'straight'),
  form(
    'blanks part names too',
    SERVICE,
    { ...A, NO_PROXY: 'other.example corp.example' },
    'straight',
  ),
  form(
    'blanks around commas',
    SERVICE,
    { ...A, NO_PROXY: ' other.example , corp.example ' },
    'straight',
  ),
  form(
    'a host with a trailing dot',
    'https://svc.corp.example./',
    { ...A, NO_PROXY: 'corp.example' },
    'straight',
  ),
  form('an IPv4 range', 'https://127.0.0.5:8443/', { ...A, NO_PROXY: '127.0.0.0/8' }, 'straight'),
  form(
    'another IPv4 range',
    'https://127.0.0.5:8443/',
    { ...A, NO_PROXY: '10.0.0.0/8' },
    'proxy A',
  ),
  form('an IPv4 address', 'https://127.0.0.5:8443/', { ...A, NO_PROXY: '127.0.0.5' }, 'straight'),
  form(
    'another IPv4 address',
    'https://127.0.0.5:8443/',
    { ...A, NO_PROXY: '127.0.0.1' },
    'proxy A',
  ),
  form('an IPv6 address', 'https://[::1]:8443/', { ...A, NO_PROXY: '::1' }, 'straight'),
  form(
    'an IPv6 address in brackets',
    'https://[::1]:8443/',
    { ...A, NO_PROXY: '[::1]' },
    'proxy A',
  ),
  form('no IPv6 range', 'https://[::1]:8443/', { ...A, NO_PROXY: '::/64' }, 'proxy A'),
  form('an IPv6 address as text', 'https://[::1]:8443/', { ...A, NO_PROXY: '0:0::1' }, 'proxy A'),
  form(
    'a name is not its address',
    'https://localhost:8443/',
    { ...A, NO_PROXY: '127.0.0.1' },
    'proxy A',
  ),
  form(
    'an address is not its name',
    'https://127.0.0.1:8443/',
    { ...A, NO_PROXY: 'localhost' },
    'proxy A',
  ),
]
