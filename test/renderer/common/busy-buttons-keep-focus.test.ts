import '@testing-library/jest-dom/vitest'
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte'
import { createRawSnippet, tick } from 'svelte'
import SendButton from '../../../src/renderer/src/components/common/SendButton.svelte'
import { offKeepsFocus } from '../../../src/renderer/src/lib/off-keeps-focus'

afterEach(() => cleanup())

/**
 * A button pressed keeps the focus while what it started runs (lib/off-keeps-focus): off and focused
 * it is aria-disabled, never `disabled` (which drops the focus to the screen's title, as Badges' Print
 * badge did while "Printing…" showed), and a click meanwhile sends nothing; off and not focused it is
 * disabled. Every send button is a SendButton, which holds to it; every other button of the renderer
 * that is off while something runs holds to it through `use:offKeepsFocus` — a button turned off by a
 * busy state with a bare `disabled` fails here.
 */
const label = createRawSnippet(() => ({ render: () => '<span>Print badge</span>' }))

describe('a busy button keeps the focus', () => {
  it('SendButton: pressed and busy, it keeps the focus and refuses a second press; back, it is as before', async () => {
    const onclick = vi.fn()
    const view = render(SendButton, { props: { children: label, onclick, disabled: false } })
    const button = screen.getByRole('button', { name: 'Print badge' })
    button.focus()
    await fireEvent.click(button)
    expect(onclick).toHaveBeenCalledTimes(1)
    // Busy with what it sent: off, and still the focus.
    await view.rerender({ children: label, onclick, disabled: true })
    await tick()
    expect(document.activeElement).toBe(button)
    expect(button).not.toHaveAttribute('disabled')
    expect(button).toHaveAttribute('aria-disabled', 'true')
    await fireEvent.click(button)
    expect(onclick).toHaveBeenCalledTimes(1)
    // The outcome: on again, with the focus where it was.
    await view.rerender({ children: label, onclick, disabled: false })
    await tick()
    expect(document.activeElement).toBe(button)
    expect(button).toHaveAttribute('aria-disabled', 'false')
  })

  it('off and not focused, a button is disabled; left while off, it is disabled from then on', () => {
    const button = document.createElement('button')
    const other = document.createElement('button')
    document.body.append(button, other)
    const held = offKeepsFocus(button, false)
    button.focus()
    held.update(true)
    expect(button.disabled).toBe(false)
    expect(document.activeElement).toBe(button)
    other.focus()
    expect(button.disabled).toBe(true)
    held.update(false)
    expect(button.disabled).toBe(false)
    held.destroy()
    button.remove()
    other.remove()
  })
})

function svelteFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? svelteFiles(path) : path.endsWith('.svelte') ? [path] : []
  })
}

/** Each `<button …>` tag of a component's markup (its attributes may hold `{…}` with `>` inside). */
function buttonTags(source: string): string[] {
  const tags: string[] = []
  for (let at = source.indexOf('<button'); at >= 0; at = source.indexOf('<button', at + 1)) {
    let depth = 0
    let end = at
    for (; end < source.length; end++) {
      const c = source[end]
      if (c === '{') depth++
      else if (c === '}') depth--
      else if (c === '>' && depth === 0) break
    }
    tags.push(source.slice(at, end + 1))
  }
  return tags
}

describe('every button of every screen off while something runs keeps the focus', () => {
  it('is a SendButton or uses offKeepsFocus, never a bare disabled on a busy state', () => {
    const root = join(__dirname, '../../../src/renderer/src')
    const busy = /(?<![-\w])disabled=\{[^}]*(busy|doing|loading|running|pending|working)/i
    const bare: string[] = []
    for (const path of svelteFiles(root)) {
      for (const tag of buttonTags(readFileSync(path, 'utf8')))
        if (busy.test(tag)) bare.push(`${relative(root, path)}: ${tag.replace(/\s+/g, ' ')}`)
    }
    expect(bare).toEqual([])
    // The send buttons' own element holds to the same rule.
    const send = readFileSync(join(root, 'components/common/SendButton.svelte'), 'utf8')
    expect(buttonTags(send).join('')).toMatch(/use:offKeepsFocus=\{off\}/)
  })
})
