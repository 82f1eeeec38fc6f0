import '@testing-library/jest-dom/vitest'
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, waitFor } from '@testing-library/svelte'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { clearSavedFormTyping } from '../../../src/renderer/src/lib/saved-form-typing.svelte'
import { limitedFields } from './limited-fields'

/**
 * One rule for every field with a length limit (lib/field-limit.svelte.ts): nothing typed or pasted is cut,
 * the limit is said as soon as the text is over it, and Save is refused with the focus on the field.
 */
afterEach(async () => {
  cleanup()
  clearSavedFormTyping()
  await deskLanguage.choose(null)
})

const root = join(process.cwd(), 'src/renderer/src')

function svelteFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return svelteFiles(path)
    return name.endsWith('.svelte') ? [path] : []
  })
}

/**
 * The one exception: the kiosk's PIN (`KioskPinField`), a masked code of digits typed key by key on a
 * number pad, never pasted words. Its `maxlength` is the PIN's own length rule (`kioskPinSchema`), and a
 * masked field could not show what was cut anyway.
 */
const FIXED_LENGTH_CODES = new Set(['KioskPinField'])

/** Each element given a `maxlength` in a component's markup (its script, styles and comments left out). */
function maxlengths(source: string): { tag: string; line: number }[] {
  const blank = (text: string) => text.replace(/[^\n]/g, ' ')
  const markup = source
    .replace(/<script[\s\S]*?<\/script>/g, blank)
    .replace(/<style[\s\S]*?<\/style>/g, blank)
    .replace(/<!--[\s\S]*?-->/g, blank)
  const found: { tag: string; line: number }[] = []
  for (const match of markup.matchAll(/\bmaxlength\b\s*=|\{\s*maxlength\s*\}/gi)) {
    const before = markup.slice(0, match.index)
    const tags = [...before.matchAll(/<([A-Za-z][\w.-]*)/g)]
    found.push({ tag: tags.at(-1)?.[1] ?? '?', line: before.split('\n').length })
  }
  return found
}

describe('no field cuts what is typed at a maxlength', () => {
  const files = svelteFiles(root)

  it('the scan reads every component and finds a maxlength where there is one', () => {
    expect(files.length).toBeGreaterThan(100)
    expect(maxlengths('<label>Name <input bind:value={name} maxlength="80" /></label>')).toEqual([
      { tag: 'input', line: 1 }
    ])
    expect(maxlengths('<textarea\n  rows="2"\n  {maxlength}></textarea>')).toEqual([{ tag: 'textarea', line: 3 }])
    expect(maxlengths('<!-- no maxlength="80" here -->\n<script>const maxlength = 3</script>')).toEqual([])
  })

  it('no component outside the PIN gives a field a maxlength', () => {
    const cut = files.flatMap((file) =>
      maxlengths(readFileSync(file, 'utf8'))
        .filter(({ tag }) => !FIXED_LENGTH_CODES.has(tag))
        .map(({ tag, line }) => `${relative(root, file)}:${line} <${tag}>`)
    )
    expect(cut).toEqual([])
  })
})

describe.each(limitedFields)('$where', ({ show, max }) => {
  it('keeps every character typed over the limit, says the limit, and refuses Save with the focus on it', async () => {
    const { field, save, sent } = await show()
    const pasted = `${'x'.repeat(max)}-and-the-end`
    await fireEvent.input(field, { target: { value: pasted } })

    expect(field).not.toHaveAttribute('maxlength')
    expect(field).toHaveValue(pasted)
    expect(field).toHaveAttribute('aria-invalid', 'true')
    const message = document.getElementById(field.getAttribute('aria-describedby')!.split(' ')[0]!)
    expect(message).toHaveTextContent(`Too long: keep it to ${max} characters. Nothing you typed was cut`)
    expect(message).toHaveClass('field-error')

    save.focus()
    await fireEvent.click(save)
    await waitFor(() => expect(field).toHaveFocus())
    expect(sent()).toEqual([])
    expect(field).toHaveValue(pasted)

    // The message follows the desk's language, as every field message does.
    await deskLanguage.choose('de')
    await waitFor(() => expect(message).toHaveTextContent(`Zu lang: höchstens ${max} Zeichen.`))

    // Shortened to the limit: the message goes, the field is no longer marked.
    await fireEvent.input(field, { target: { value: 'x'.repeat(max) } })
    expect(field).not.toHaveAttribute('aria-invalid')
    expect(message).not.toBeInTheDocument()
  })
})
