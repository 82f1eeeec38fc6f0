import { render } from '@testing-library/svelte'
import App from '../../src/renderer/src/App.svelte'
import { setApiForTests } from '../../src/renderer/src/lib/api'
import { scriptedBridge } from './fake-bridge'

/**
 * The desk's whole shell (App.svelte) over a main with no console saved, for renderer tests of what
 * the shell does on every screen (focus, the live region, fetching screens): only the console list is
 * scripted; any other call answers "unscripted".
 */
export function renderDeskWithNoConsole(): ReturnType<typeof render<typeof App>> {
  const { bridge } = scriptedBridge({
    'connections.list': () => ({ ok: true, result: { profiles: [], activeId: null } })
  })
  setApiForTests(bridge)
  return render(App)
}
