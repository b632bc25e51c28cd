import { said } from '../../../src-shared/messages'
import { AppError } from '../errors/app-error'
import type { SaveMeter } from './whole-file'

export interface SaveLimits {
  /** Files saved to typed paths while the console runs. */
  saves: number
  /** Bytes written to those files. */
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
 * Counts typed saves, and the bytes written to them, against the limits. Bytes are counted as
 * each save writes them, through its meter, before they reach the disk: saves under way at once
 * share the one count, so together they cannot pass the limit. A save that fails gives its bytes
 * back (its temp file is gone); one that was placed keeps them, whatever happens to its file.
 */
export function createSaveBudget(limits: SaveLimits = TYPED_SAVE_LIMITS) {
  let saves = 0
  let bytes = 0

  function bytesHit(): AppError {
    return new AppError('VALIDATION', said('typedSavesBytes', { max: limits.bytes / MIB }))
  }

  function check(): void {
    if (saves >= limits.saves)
      throw new AppError('VALIDATION', said('typedSavesCount', { max: limits.saves }))
    if (bytes >= limits.bytes) throw bytesHit()
  }

  return {
    /** Refuses a new typed save once either limit is reached, naming the one. */
    check,

    /**
     * Counts a save about to be written, or refuses it as `check` does; the save writes its
     * bytes through the meter answered.
     */
    spend(): SaveMeter {
      check()
      saves += 1
      let taken = 0
      return {
        take(count) {
          if (bytes + count > limits.bytes) throw bytesHit()
          bytes += count
          taken += count
        },
        refund() {
          bytes -= taken
          taken = 0
        },
      }
    },
  }
}
