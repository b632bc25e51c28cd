/** Decodes one %-encoded part, or keeps it as sent when it is not valid UTF-8 percent-encoding. */
function decoded(part: string): string {
  try {
    return decodeURIComponent(part)
  } catch {
    return part
  }
}

/** Puts back the escapes of the characters that would change where a part begins or ends. */
function keepingStructure(text: string, structural: RegExp): string {
  return text.replace(structural, (character) => encodeURIComponent(character))
}

/**
 * A call's URL as a person reads it: each path segment (a user's token) and each query name and
 * value decoded, so `ana%40example.com` reads `ana@example.com`. Only the characters that would
 * make a token look like two segments or a value like two parameters stay escaped. For reading
 * only: the copied cURL command keeps the URL exactly as it was sent.
 */
export function readableUrl(url: string): string {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return url
  }
  const path = parsed.pathname
    .split('/')
    .map((segment) => keepingStructure(decoded(segment), /[/?#]/g))
    .join('/')
  const query = parsed.search
    .slice(1)
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const at = pair.indexOf('=')
      const [name, value] = at === -1 ? [pair, null] : [pair.slice(0, at), pair.slice(at + 1)]
      // Written as a form writes it (URLSearchParams): a plus is a space.
      const read = (part: string) => keepingStructure(decoded(part.replaceAll('+', ' ')), /[&=#]/g)
      return value === null ? read(name) : `${read(name)}=${read(value)}`
    })
    .join('&')
  return `${parsed.origin}${path}${query === '' ? '' : `?${query}`}`
}

/** The path of readableUrl, as the one-line summary of a call shows it (its query is below). */
export function readablePath(url: string): string {
  const readable = readableUrl(url)
  try {
    const { origin, search } = new URL(url)
    const path = readable.slice(origin.length)
    return search === '' ? path : path.slice(0, path.indexOf('?'))
  } catch {
    return readable
  }
}
