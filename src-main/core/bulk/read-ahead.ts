const READ_AHEAD = 256

export interface ReadAhead<T> {
  /** The next row, or undefined once the rows are done or `stopping` says so. */
  next(): Promise<T | undefined>
  /** Closes the file the rows come from, at the end or on a cancel. */
  close(): Promise<void>
}

/**
 * Rows are read ahead of the workers, a few hundred at a time: reading and checking them in
 * bursts, while the calls of the rows before are in flight, costs far less than waking the
 * reader for every row a worker takes. A read that fails (the file changed) is reported once the
 * rows read before it are taken, so none of them is lost.
 */
export function readAhead<T extends object>(
  rows: AsyncIterator<T>,
  stopping: () => boolean,
): ReadAhead<T> {
  const ahead: T[] = []
  let aheadAt = 0
  let exhausted = false
  let reading: Promise<void> | null = null
  let readFailure: { error: unknown } | null = null

  async function fill(): Promise<void> {
    try {
      while (ahead.length - aheadAt < READ_AHEAD && !exhausted && !stopping()) {
        const item = await rows.next()
        if (item.done === true) exhausted = true
        else ahead.push(item.value)
      }
    } catch (error) {
      readFailure = { error }
      exhausted = true
    }
  }

  function read(): Promise<void> {
    reading ??= fill().finally(() => (reading = null))
    return reading
  }

  return {
    async next() {
      for (;;) {
        const item = ahead[aheadAt]
        if (item !== undefined) {
          aheadAt += 1
          if (aheadAt >= READ_AHEAD) {
            ahead.splice(0, aheadAt)
            aheadAt = 0
          }
          if (ahead.length - aheadAt < READ_AHEAD / 2 && !exhausted) void read()
          return item
        }
        if (readFailure) throw readFailure.error
        if (exhausted || stopping()) return undefined
        await read()
      }
    },
    async close() {
      await reading
      await rows.return?.(undefined)
    },
  }
}
