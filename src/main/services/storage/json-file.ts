import { rename } from 'node:fs/promises'
import type { z } from 'zod'
import { AppError } from '../../../shared/errors'
import { parseJson } from '../../../shared/json'
import { readFileIfExists, writeFileAtomic } from '../../../node/atomic-file'

/**
 * A JSON file read back through zod. A file that no longer parses is moved aside (never deleted)
 * so nothing is lost, and the caller starts from the fallback.
 */
export async function readJsonFile<S extends z.ZodType>(
  path: string,
  schema: S,
  fallback: () => z.infer<S>
): Promise<{ value: z.infer<S>; movedAside?: string }> {
  let text: string | undefined
  try {
    text = await readFileIfExists(path)
  } catch (err) {
    throw new AppError({
      kind: 'storage',
      message: `Could not read ${path}: ${(err as Error).message}`,
      hint: 'Check that the app’s data folder is readable.'
    })
  }
  if (text === undefined) return { value: fallback() }
  const parsed = parseJson(schema, text)
  if (parsed.success) return { value: parsed.data }
  const aside = `${path}.unreadable-${Date.now()}`
  await rename(path, aside).catch(() => undefined)
  return { value: fallback(), movedAside: aside }
}

export async function writeJsonFile(path: string, value: unknown): Promise<void> {
  try {
    await writeFileAtomic(path, JSON.stringify(value, null, 2) + '\n')
  } catch (err) {
    throw new AppError({
      kind: 'storage',
      message: `Could not save ${path}: ${(err as Error).message}`,
      hint: 'Check the free disk space and that the app’s data folder is writable.'
    })
  }
}
