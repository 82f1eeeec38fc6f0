import '@testing-library/jest-dom/vitest'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte'
import type { Component } from 'svelte'
import AssignManyDialog from '../../../src/renderer/src/components/touch-passes/AssignManyDialog.svelte'
import PurchaseDialog from '../../../src/renderer/src/components/touch-passes/PurchaseDialog.svelte'
import VisitorForm from '../../../src/renderer/src/components/visitors/VisitorForm.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { scriptedBridge } from '../../support/fake-bridge'

afterEach(() => cleanup())

const RENDERER = 'src/renderer/src'

/** Every Svelte file under the renderer that ends a form with FormFooter. */
function formsWithFooter(dir = RENDERER): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return formsWithFooter(path)
    return name.endsWith('.svelte') && /<FormFooter\b/.test(readFileSync(path, 'utf8'))
      ? [relative(RENDERER, path)]
      : []
  })
}

/** Each form, put in one state where its submit is off, and what the person reads then. */
const forms: Record<string, { component: Component; props: object; off?: () => Promise<unknown>; says: RegExp }> = {
  'components/touch-passes/AssignManyDialog.svelte': {
    component: AssignManyDialog as Component,
    props: { onclose: vi.fn(), ondone: vi.fn() },
    says: /Choose at least one user/
  },
  'components/touch-passes/PurchaseDialog.svelte': {
    component: PurchaseDialog as Component,
    props: { onclose: vi.fn(), onpurchased: vi.fn() },
    off: () => fireEvent.input(screen.getByLabelText('Number of passes'), { target: { value: '0' } }),
    says: /Correct the number of passes/
  },
  'components/visitors/VisitorForm.svelte': {
    component: VisitorForm as Component,
    props: { lacking: 'edit:visitor', onsaved: vi.fn(), oncancel: vi.fn() },
    says: /lacks edit:visitor/
  }
}

/**
 * An off submit always says why (a missing permission, the console or the service down, a field to fill,
 * the answer awaited; lib/submit-off) and stays a Tab stop that is read with its reason — components/common/
 * FormFooter takes no bare "off". Only the Touch Pass Buy dialog said why; Give passes, and a visitor form
 * without the permission to save, had a greyed button skipped by Tab and nothing saying what it waited for.
 */
describe('an off submit says why, in every form', () => {
  it('covers every form that ends with FormFooter', () => {
    expect(formsWithFooter().sort()).toEqual(Object.keys(forms).sort())
  })

  for (const [file, form] of Object.entries(forms)) {
    it(file, async () => {
      setApiForTests(
        scriptedBridge({
          'touchPasses.assignable': () => ({ ok: true, result: { items: [] } }),
          'touchPasses.list': () => ({ ok: true, result: { items: [], total: 0 } }),
          'sites.topology': () => ({ ok: true, result: { sites: [], doors: [], groups: [] } })
        }).bridge
      )
      render(form.component, form.props as never)
      await form.off?.()
      const submit = document.querySelector<HTMLButtonElement>('button[type="submit"]')!
      expect(submit).not.toBeDisabled()
      expect(submit).toHaveAttribute('aria-disabled', 'true')
      expect(submit).toHaveAccessibleDescription(form.says)
      expect(screen.getByTestId('off-reason')).toHaveTextContent(form.says)
    })
  }
})
