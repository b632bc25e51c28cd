import { readFile } from 'node:fs/promises'
import { extname, isAbsolute, relative, resolve, sep } from 'node:path'
import { CONTENT_SECURITY_POLICY } from './content-security-policy'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
}

export interface AppFileResponse {
  status: 200 | 400 | 404
  headers: Record<string, string>
  body: Buffer
}

function answer(status: AppFileResponse['status'], text: string): AppFileResponse {
  return {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8' },
    body: Buffer.from(text),
  }
}

/**
 * The file a page URL names inside the built renderer, or null when the path would leave it
 * (`..`, an encoded separator, a NUL byte, an absolute path).
 */
function resolveAppFile(rendererRoot: string, pathname: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return null
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null
  const wanted = decoded === '/' || decoded === '' ? 'index.html' : decoded.replace(/^\/+/, '')
  const root = resolve(rendererRoot)
  const file = resolve(root, wanted)
  const inside = relative(root, file)
  if (
    inside === '' ||
    inside.startsWith('..') ||
    isAbsolute(inside) ||
    inside.split(sep).includes('..')
  )
    return null
  return file
}

/**
 * Answers a request for the app's page and its assets from the built renderer. The Electron
 * window's custom scheme and the browser shell's request interception both serve through this,
 * so both get the same files, types and Content-Security-Policy, and neither opens a port.
 */
export async function readAppFile(rendererRoot: string, url: string): Promise<AppFileResponse> {
  let pathname: string
  try {
    pathname = new URL(url).pathname
  } catch {
    return answer(400, 'Bad request')
  }
  const file = resolveAppFile(rendererRoot, pathname)
  if (file === null) return answer(400, 'Bad request')
  try {
    const body = await readFile(file)
    return {
      status: 200,
      headers: {
        'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
        'content-security-policy': CONTENT_SECURITY_POLICY,
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-store',
      },
      body,
    }
  } catch {
    return answer(404, 'Not found')
  }
}
