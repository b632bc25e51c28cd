import { lstat } from 'node:fs/promises'
import { said } from '../../../src-shared/messages'
import { AppError } from '../app-error'

export interface SaveLimits {
  /** Files saved to typed paths while the console runs. */
  saves: number
  /** Bytes those files held, each at the most it was seen to hold. */
  bytes: number
}

const MIB = 1024 * 1024

/**
 * What the browser shell saves to typed paths in one run of the console. A page that can run
 * script can type paths too; without a bound it could save until the disk is full. A user's day
 * of bulk work (its invalid rows, results and exports) stays far below both; the limits are in
 * docs/bulk.md.
 */
export const TYPED_SAVE_LIMITS: SaveLimits = { saves: 100, bytes: 1024 * MIB }

/**
 * Counts typed saves, and the bytes their files hold, against the limits. A file is measured
 * when the next save is asked for (it may still be being written then, so the largest size seen
 * is kept): the bound holds to within the saves under way at once.
 */
export function createSaveBudget(limits: SaveLimits = TYPED_SAVE_LIMITS) {
  const saved: { path: string; most: number }[] = []

  async function bytesWritten(): Promise<number> {
    const sizes = await Promise.all(
      saved.map(async (file) => {
        const size = await lstat(file.path).then(
          (found) => found.size,
          () => 0,
        )
        file.most = Math.max(file.most, size)
        return file.most
      }),
    )
    return sizes.reduce((sum, size) => sum + size, 0)
  }

  function countLeft(): void {
    if (saved.length >= limits.saves)
      throw new AppError('VALIDATION', said('typedSavesCount', { max: limits.saves }))
  }

  async function bytesLeft(): Promise<void> {
    if ((await bytesWritten()) >= limits.bytes)
      throw new AppError('VALIDATION', said('typedSavesBytes', { max: limits.bytes / MIB }))
  }

  return {
    /** Refuses a new typed save once either limit is reached, naming the one. */
    async check(): Promise<void> {
      countLeft()
      await bytesLeft()
    },

    /** Counts a save about to be written to `path`, or refuses it as `check` does. */
    async spend(path: string): Promise<void> {
      // Counted before any wait, so saves asked for at once cannot all pass the count.
      countLeft()
      const file = { path, most: 0 }
      saved.push(file)
      try {
        await bytesLeft()
      } catch (error) {
        saved.splice(saved.indexOf(file), 1)
        throw error
      }
    },
  }
}
export type SaveBudget = ReturnType<typeof createSaveBudget>
