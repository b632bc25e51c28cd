import { cliSaid } from '../../src-shared/messages/cli-messages'
import { CliFailure, EXIT, type CliIo } from './cli-context'
import { readTextArgument } from './read-input'

/**
 * A secret typed at a hidden prompt, or piped in (one trailing line break dropped). Never an
 * argument: it would be kept in shell history and shown in process lists.
 */
export async function readSecret(io: CliIo, prompt: string): Promise<string> {
  const stdin = io.stdin
  if (!stdin.isTTY || !stdin.setRawMode)
    return (await readTextArgument(io, '-', 'inputSecret')).replace(/\r?\n$/, '')
  const setRawMode = stdin.setRawMode.bind(stdin)
  io.stderr.write(prompt)
  setRawMode(true)
  stdin.setEncoding('utf8')
  stdin.resume()
  return new Promise<string>((resolve, reject) => {
    let value = ''
    const finish = () => {
      stdin.off('data', onData)
      setRawMode(false)
      stdin.pause()
      io.stderr.write('\n')
    }
    function onData(chunk: string) {
      // Arrow keys and a terminal's bracketed-paste markers are escape sequences, not the secret.
      // eslint-disable-next-line no-control-regex
      for (const char of chunk.replace(/\u001b\[[0-9;]*[~A-Za-z]/g, '')) {
        if (char === '\r' || char === '\n' || (char === '\u0004' && value !== '')) {
          finish()
          resolve(value)
          return
        }
        if (char === '\u0003' || char === '\u0004') {
          finish()
          reject(new CliFailure(EXIT.badInput, cliSaid('secretCancelled')))
          return
        }
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1)
        else if (char >= ' ') value += char
      }
    }
    stdin.on('data', onData)
  })
}
