import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

/** README.md and every Markdown file under docs/: what a newcomer reads, so every link in them must lead somewhere. */
function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? markdownFiles(path) : name.endsWith('.md') ? [path] : []
  })
}
const files = ['README.md', ...markdownFiles('docs')]

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
function anchors(text: string): Set<string> {
  const withoutCode = text.replace(/^```[\s\S]*?^```/gm, '')
  return new Set(
    [...withoutCode.matchAll(/^#{1,6}\s+(.+)$/gm)].map(([, title]) =>
      title!
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .replace(/\s/g, '-')
    )
  )
}

/** Inline links and images, `[text](target)` and `![alt](target)`, outside code blocks. */
function links(text: string): string[] {
  const withoutCode = text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '')
  return [...withoutCode.matchAll(/\]\(([^)\s]+)\)/g)].map(([, target]) => target!)
}

describe('the documentation links', () => {
  it('finds the README and the docs', () => {
    expect(files).toContain('README.md')
    expect(files).toContain(join('docs', 'architecture.md'))
  })

  it.each(files)('every relative link in %s leads to a file that exists (and a heading that exists)', (file) => {
    const text = readFileSync(file, 'utf8')
    const broken: string[] = []
    for (const target of links(text)) {
      if (/^[a-z]+:/i.test(target)) continue // https:, mailto:: not checked here
      const [path, anchor] = target.split('#') as [string, string | undefined]
      const resolved = path ? join(dirname(file), decodeURI(path)) : file
      if (!existsSync(resolved)) {
        broken.push(`${target} (no ${relative('.', resolved)})`)
        continue
      }
      if (anchor && resolved.endsWith('.md') && !anchors(readFileSync(resolved, 'utf8')).has(anchor)) {
        broken.push(`${target} (no heading #${anchor} in ${relative('.', resolved)})`)
      }
    }
    expect(broken).toEqual([])
  })

  it('the README stays what a newcomer reads first: under 200 lines', () => {
    expect(readFileSync('README.md', 'utf8').split('\n').length).toBeLessThan(200)
  })
})
