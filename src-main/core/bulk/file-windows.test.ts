import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { FileChanged, verifiedBytes, windowDigests } from './file-windows'

function digestsOf(bytes: Buffer): string[] {
  const digests = windowDigests()
  digests.update(bytes)
  return digests.digest()
}

/** The bytes fed through the verifier in chunks of the given sizes (cycled). */
function through(bytes: Buffer, expected: string[], sizes: number[]): Promise<string> {
  const chunks: Buffer[] = []
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const size = sizes[i % sizes.length] ?? 1
    chunks.push(bytes.subarray(at, at + size))
    at += size
  }
  return text(Readable.from(chunks).pipe(verifiedBytes(expected)))
}

const file = Buffer.from('x'.repeat(200_000) + 'tail')

describe('file windows', () => {
  it('pass an unchanged file on whole, however its reads are cut', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 512, max: 100_000 }), { minLength: 1, maxLength: 5 }),
        async (sizes) => {
          expect(await through(file, digestsOf(file), sizes)).toBe(file.toString())
        },
      ),
      { numRuns: 30 },
    )
  })

  it('stop at the first window that changed, having passed on only the ones before it', async () => {
    const changed = Buffer.from(file)
    changed[150_000] = 0x79
    const passed: Buffer[] = []
    const verifier = verifiedBytes(digestsOf(file))
    verifier.on('data', (chunk: Buffer) => passed.push(chunk))
    const ended = new Promise((resolve) => verifier.on('error', resolve))
    Readable.from([changed]).pipe(verifier)
    const error = await ended
    expect(error).toBeInstanceOf(FileChanged)
    expect((error as FileChanged).offset).toBe(2 * 64 * 1024)
    expect(Buffer.concat(passed).length).toBe(2 * 64 * 1024)
  })

  it('refuse a file cut short or grown, even by one byte', async () => {
    const expected = digestsOf(file)
    await expect(through(file.subarray(0, file.length - 1), expected, [4096])).rejects.toThrow(
      FileChanged,
    )
    await expect(
      through(Buffer.concat([file, Buffer.from('!')]), expected, [4096]),
    ).rejects.toThrow(FileChanged)
  })
})
