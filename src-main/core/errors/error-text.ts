import { basename } from 'node:path'

/**
 * An error's own words as a message may quote them to the page, with each file it names by its
 * name alone. Node's file-system errors put the whole path in their text ("ENOTDIR: not a
 * directory, mkdir '/home/ana/.config/…/sandbox'"), and say which in `path` and `dest`: those are
 * what is shortened, the rest (the code, the call) is left as the system said it.
 */
export function errorTextWithoutPaths(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  const { path, dest } = (typeof error === 'object' && error !== null ? error : {}) as {
    path?: unknown
    dest?: unknown
  }
  return [path, dest].reduce<string>(
    (said, named) =>
      typeof named === 'string' && named !== '' ? said.replaceAll(named, basename(named)) : said,
    text,
  )
}
