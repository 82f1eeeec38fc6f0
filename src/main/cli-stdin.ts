/**
 * Standard input read whole as UTF-8 text, up to `maxBytes`: past that, `tooLarge()` is thrown as soon
 * as the limit is crossed, so a stray file piped in is never held whole. The one stdin reader of the
 * CLI (a JSON input given as `-`, a token piped in).
 */
export async function readStdinText(maxBytes: number, tooLarge: () => Error): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of process.stdin as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > maxBytes) throw tooLarge()
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}
