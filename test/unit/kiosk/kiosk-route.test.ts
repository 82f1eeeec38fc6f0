import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWebServer, type WebServer } from '../../../src/web/server'
import { createEventHub } from '../../../src/main/services/events'
import { tempDir } from '../../support/temp'

/** Web mode's `/kiosk`: the same page as `/` (the renderer shows the kiosk for that path), with the bridge. */
describe('the /kiosk page of web mode', () => {
  let server: WebServer
  let dir: Awaited<ReturnType<typeof tempDir>>

  beforeAll(async () => {
    dir = await tempDir('web-kiosk-')
    await writeFile(join(dir.path, 'index.html'), '<html><script type="module" src="./assets/app.js"></script></html>')
    server = await startWebServer({
      rendererDir: dir.path,
      dispatch: async () => ({ ok: true, result: null }),
      events: createEventHub()
    })
  })
  afterAll(async () => {
    await server?.close()
    await dir?.remove()
  })

  it('serves the app page with the bridge for /kiosk, and nothing for other addresses like it', async () => {
    const home = await (await fetch(server.origin + '/')).text()
    const res = await fetch(server.origin + '/kiosk')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(res.headers.get('x-frame-options')).toBe('DENY')
    const body = await res.text()
    expect(body).toBe(home)
    expect(body).toContain('src="./web-bridge.js"')
    for (const path of ['/kiosk/', '/kiosks', '/kiosk/index.html']) {
      expect((await fetch(server.origin + path)).status, path).toBe(404)
    }
  })
})
