import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { readFileSync } from 'node:fs'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { join } from 'node:path'
import { startDemoConsoleProcess, type DemoConsoleInfo, type Started } from '../../support/processes'
import { tempDir } from '../../support/temp'
import { accessDesk, cli, demoControl, saveConsole } from './support'

const run = promisify(execFile)
const root = process.cwd()

vi.setConfig({ testTimeout: 120_000 })

/**
 * Every command line the docs show (docs/cli.md's and README's `sh` blocks, a line that runs
 * `access-desk`), as a person would copy it: each must work against a console saved under the name
 * the docs use. `…` stands for the id the docs leave to the reader (the saved console's), `$TOKEN`
 * for its API token.
 */
function examples(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8')
  const blocks = [...text.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!)
  return blocks
    .flatMap((block) => block.split('\n'))
    .map((line) => line.replace(/\s+#\s.*$/, '').trim())
    .filter((line) => /(^|\|\s*)access-desk\b/.test(line))
}

describe('the CLI examples of the docs run as written', () => {
  let data: Awaited<ReturnType<typeof tempDir>>
  let consoleDir: Awaited<ReturnType<typeof tempDir>>
  let demo: Started<DemoConsoleInfo>
  let id: string

  beforeAll(async () => {
    ;[data, consoleDir] = await Promise.all([tempDir(), tempDir()])
    demo = await startDemoConsoleProcess(consoleDir.path, [], { timeoutMs: 180_000 })
    id = await saveConsole(data.path, 'Head office', demo.info)
  }, 240_000)
  afterAll(async () => {
    await demo?.stop()
    await Promise.all([data, consoleDir].map((d) => d?.remove()))
  })

  const lines = [...examples('docs/cli.md'), ...examples('README.md')]

  it('finds the examples', () => {
    expect(lines.length).toBeGreaterThanOrEqual(10)
  })

  it.each(lines)('%s', async (line) => {
    const command = [process.execPath, ...accessDesk(), '--data', data.path].join(' ')
    const script = line.replaceAll('access-desk', '$CLI').replaceAll('…', id)
    const answer = await run('sh', ['-c', script], {
      env: { ...process.env, CLI: command, TOKEN: demo.info.tokens.full, LANG: 'C.UTF-8', LC_ALL: '' },
      maxBuffer: 64 * 1024 * 1024
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr })
    )
    expect(answer.stderr).toBe('')
    expect(answer.code).toBe(0)
    expect(answer.stdout.trim().length).toBeGreaterThan(0)
  })
  it('cards.view answers over the console cards, alone and on every console', async () => {
    const held = (await demoControl(demo.info).held('cards')).length
    const one = await cli(['--data', data.path, 'cards.view', '--limit', '3'])
    expect(one.stderr).toBe('')
    const view = JSON.parse(one.stdout) as { total: number; complete: boolean; rows: unknown[] }
    expect(view).toMatchObject({ total: held, complete: true })
    expect(view.rows).toHaveLength(3)
    const every = await cli(['--data', data.path, '--all-consoles', 'cards.view', '--limit', '1'])
    expect(JSON.parse(every.stdout)).toMatchObject([{ console: 'Head office', ok: true, result: { total: held } }])
  })
})
