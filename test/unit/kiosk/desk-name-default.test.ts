import { describe, expect, it } from 'vitest'
import { KioskSettingsStore } from '../../../src/main/services/kiosk/kiosk-settings'
import { memoryStore } from '../../support/memory-store'

/**
 * The desk visitors are sent to: a name the person never typed is no text in the settings (the kiosk
 * says its own words for it, in the visitor's language); settings saved when the English default was
 * kept as text read as that default; a name typed is kept as typed.
 */
describe('the kiosk’s reception name', () => {
  const stored = (store: ReturnType<typeof memoryStore>) => (store.data.get('kiosk') as { deskName?: string }).deskName

  it('is empty until someone names it, and saving the empty field stores no English', async () => {
    const store = memoryStore()
    const settings = new KioskSettingsStore(store)
    expect(settings.get().deskName).toBe('')
    await settings.save({ idleSeconds: 60, directions: '', deskName: '' })
    expect(stored(store)).toBe('')
    expect(settings.get().deskName).toBe('')
  })

  it('reads the English default kept by earlier settings as the default', () => {
    const store = memoryStore(new Map([['kiosk', { idleSeconds: 60, directions: '', deskName: 'the reception desk' }]]))
    expect(new KioskSettingsStore(store).get().deskName).toBe('')
  })

  it('keeps a name the person typed as typed', async () => {
    const store = memoryStore()
    const settings = new KioskSettingsStore(store)
    await settings.save({ idleSeconds: 60, directions: '', deskName: '  Accueil B  ' })
    expect(settings.get().deskName).toBe('Accueil B')
  })
})
