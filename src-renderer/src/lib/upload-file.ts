import { useMutation } from '@tanstack/react-query'
import {
  UPLOAD_CHUNK_CHARS,
  type ChannelOutput,
  type FileGrant,
  type UploadFormat,
} from '@shared/ipc'
import { api, unwrap } from './api'

/** Bytes per piece: their base64 fits one piece of an upload. */
const PIECE_BYTES = (UPLOAD_CHUNK_CHARS / 4) * 3

function base64(bytes: Uint8Array): string {
  let binary = ''
  // String.fromCharCode takes its arguments on the stack: a slice at a time.
  for (let at = 0; at < bytes.length; at += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000))
  return btoa(binary)
}

/**
 * A file the user picked in the browser's chooser or dropped on the page, for a field that reads
 * `format`, handed to main piece by piece: main keeps it and answers a grant to read it in that
 * format, as the window's dialog does.
 */
async function upload({ file, format }: { file: File; format: UploadFormat }): Promise<FileGrant> {
  let id: string | null = null
  for (let at = 0; ; at += PIECE_BYTES) {
    const piece = new Uint8Array(await file.slice(at, at + PIECE_BYTES).arrayBuffer())
    const last = at + PIECE_BYTES >= file.size
    const answer: ChannelOutput<'files:upload'> = await unwrap(
      api().files.upload({ upload: id, format, name: file.name, data: base64(piece), last }),
    )
    if (answer.file !== null) return answer.file
    id = answer.upload
  }
}

export function useUploadFile() {
  return useMutation({ mutationFn: upload })
}
