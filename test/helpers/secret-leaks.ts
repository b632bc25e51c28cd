// What of a secret must never show, worked out apart from the console's own redaction so that
// the two do not share a blind spot.

/** Long enough that no text holds one of these by chance, short enough to catch a clipped echo. */
const WINDOW = 12

const jsonEscaped = (text: string) => JSON.stringify(text).slice(1, -1)

/**
 * The runs of characters that stand for the secret alone when its bytes sit at any offset inside
 * a longer base64 text: its three alignments, each without the characters at either end that
 * also carry bits of the bytes around it.
 */
function base64Cores(secret: string): string[] {
  return ['', 'x', 'xx'].flatMap((before) => {
    const encoded = Buffer.from(`${before}${secret}`).toString('base64').slice(4, -4)
    return [encoded, encoded.replaceAll('+', '-').replaceAll('/', '_')]
  })
}

/** Each way the secret could be written where a page, a log or a terminal shows it. */
function secretForms(secret: string): string[] {
  const percent = encodeURIComponent(secret)
  return [
    secret,
    jsonEscaped(secret),
    jsonEscaped(jsonEscaped(secret)),
    percent,
    percent.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()),
    new URLSearchParams({ s: secret }).toString().slice(2),
    ...base64Cores(secret),
  ]
}

const piecesBySecrets = new Map<string, ReadonlySet<string>>()

/** Every run of WINDOW characters of each form of each secret. */
function piecesOf(secrets: readonly string[]): ReadonlySet<string> {
  const key = JSON.stringify(secrets)
  let pieces = piecesBySecrets.get(key)
  if (pieces === undefined) {
    const all = new Set<string>()
    for (const secret of secrets)
      for (const form of secretForms(secret))
        for (let start = 0; start + WINDOW <= form.length; start++)
          all.add(form.slice(start, start + WINDOW))
    pieces = all
    piecesBySecrets.set(key, pieces)
  }
  return pieces
}

/**
 * The pieces of any secret form found in the text: any run of WINDOW characters of a form counts,
 * so a secret cut short (by a clip, at a line end) is still found.
 */
export function secretLeaks(text: string, secrets: readonly string[]): string[] {
  const pieces = piecesOf(secrets)
  const found = new Set<string>()
  for (let start = 0; start + WINDOW <= text.length; start++) {
    const piece = text.slice(start, start + WINDOW)
    if (pieces.has(piece)) found.add(piece)
  }
  return [...found]
}

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]+?)-----END \1-----/g

/**
 * What of a key file must never show: the body of each private key block of a PEM file, or, for a
 * binary file (PKCS#12, DER), its bytes as base64 and as hex. The certificates beside a PEM key
 * are public and left out.
 */
export function keyFileSecrets(bytes: Buffer): string[] {
  const keys = [...bytes.toString('latin1').matchAll(PEM_BLOCK)]
    .filter(([, label = '']) => label.includes('PRIVATE KEY'))
    .map(([, , body = '']) => body.replace(/\s+/g, ''))
  return keys.length > 0 ? keys : [bytes.toString('base64'), bytes.toString('hex')]
}
