declare module 'proxy-from-env' {
  /** The proxy for a URL as the *_PROXY and NO_PROXY variables say, or '' for none. */
  export function getProxyForUrl(url: string): string
}
