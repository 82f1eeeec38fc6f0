import '@testing-library/jest-dom/vitest'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen, within } from '@testing-library/svelte'
import ConflictDialog from '../../../src/renderer/src/components/edits/ConflictDialog.svelte'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'

const rows = [
  { field: 'alias', label: 'Alias', theirs: 'Lobby', yours: '' },
  { field: 'card_name', label: 'Nom', theirs: 'Reception iPad', yours: 'Front desk' }
]

function svelteFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? svelteFiles(path) : path.endsWith('.svelte') ? [path] : []
  })
}

describe('the edit-conflict dialog in the desk’s language, one dialog for every edit form', () => {
  afterEach(() => {
    cleanup()
    deskLanguage.choose(null)
  })

  it('says its title, intro, choices and buttons in French, the values still drawn strong', async () => {
    deskLanguage.choose('fr')
    render(ConflictDialog, { rows, onresolve: () => {}, oncancel: () => {} })
    const dialog = await screen.findByRole('dialog', { name: 'Modifié sur la console pendant votre saisie' })
    expect(dialog).toHaveTextContent('Ces champs ont été modifiés sur la console')
    expect(
      within(dialog).getByRole('radio', { name: /Garder celle de la console : Reception iPad/ })
    ).toBeInTheDocument()
    expect(within(dialog).getByRole('radio', { name: /Utiliser la vôtre : \(vide\)/ })).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Enregistrer avec ces choix' })).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Retour au formulaire' })).toBeInTheDocument()
    expect([...dialog.querySelectorAll('strong')].map((s) => s.textContent)).toContain('Front desk')
    expect(dialog).not.toHaveTextContent(/Keep the console|Use yours|Save with these choices|Nothing was saved/)
  })

  it('says one field in the singular (German)', async () => {
    deskLanguage.choose('de')
    render(ConflictDialog, { rows: rows.slice(0, 1), onresolve: () => {}, oncancel: () => {} })
    const dialog = await screen.findByRole('dialog', { name: 'Während Ihrer Bearbeitung auf der Konsole geändert' })
    expect(dialog).toHaveTextContent('Dieses Feld wurde seit dem Öffnen')
  })

  it('is the one conflict dialog: every edit form uses it and no screen words a conflict of its own', () => {
    const files = svelteFiles('src/renderer/src')
    // Directly, or through TextEditConflicts (the forms of text fields: a card's alias, a Touch Pass's name).
    const users = files.filter((f) =>
      /from '\.\.\/edits\/(ConflictDialog|TextEditConflicts)\.svelte'/.test(readFileSync(f, 'utf8'))
    )
    expect(users.map((f) => f.split('/').pop()).sort()).toEqual([
      'CardDetails.svelte',
      'TouchPassDetails.svelte',
      'VisitorForm.svelte'
    ])
    for (const f of files)
      expect(readFileSync(f, 'utf8'), f).not.toMatch(/Keep the console|Use yours:|Save with these choices/)
  })
})
