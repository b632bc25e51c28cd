import { createHash } from 'node:crypto'
import { Transform } from 'node:stream'

// A file is hashed in fixed windows as well as whole: a run reads the file again, for minutes or
// hours after its dry run, and a window that no longer matches stops the read before any row in
// it is parsed, so no row is ever sent from bytes the dry run did not check.

const WINDOW_BYTES = 64 * 1024

/** Cuts a byte stream into fixed windows, whatever sizes its chunks come in. */
function windows(onWindow: (parts: Buffer[], digest: string) => void) {
  let hash = createHash('sha256')
  let parts: Buffer[] = []
  let filled = 0
  const close = () => {
    onWindow(parts, hash.digest('base64'))
    hash = createHash('sha256')
    parts = []
    filled = 0
  }
  return {
    update(bytes: Buffer): void {
      for (let at = 0; at < bytes.length;) {
        const part = bytes.subarray(at, at + WINDOW_BYTES - filled)
        hash.update(part)
        parts.push(part)
        filled += part.length
        at += part.length
        if (filled === WINDOW_BYTES) close()
      }
    },
    end(): void {
      if (filled > 0) close()
    },
  }
}

/** The digests of a file's windows, fed its bytes in order. */
export function windowDigests() {
  const digests: string[] = []
  const cutter = windows((_, digest) => digests.push(digest))
  return {
    update: (bytes: Buffer) => cutter.update(bytes),
    digest(): string[] {
      cutter.end()
      return digests
    },
  }
}

/** The file no longer has the bytes its dry run read, from `offset` on. */
export class FileChanged extends Error {
  constructor(readonly offset: number) {
    super(`the file changed from byte ${offset} on`)
  }
}

/**
 * Passes a file's bytes on from its start, a window at a time, each only once it matches the
 * digest the dry run took; the first that does not (or a file longer or shorter) ends the stream
 * with FileChanged.
 */
export function verifiedBytes(expected: readonly string[]): Transform {
  let index = 0
  let changed: FileChanged | null = null
  const passed: Buffer[] = []
  const cutter = windows((parts, digest) => {
    if (changed) return
    if (expected[index] !== digest) changed = new FileChanged(index * WINDOW_BYTES)
    else {
      index += 1
      passed.push(...parts)
    }
  })
  const release = (stream: Transform) => {
    for (const part of passed.splice(0)) stream.push(part)
  }
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      cutter.update(chunk)
      release(this)
      callback(changed)
    },
    flush(callback) {
      cutter.end()
      release(this)
      if (!changed && index !== expected.length) changed = new FileChanged(index * WINDOW_BYTES)
      callback(changed)
    },
  })
}
