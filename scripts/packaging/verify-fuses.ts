// CI, after `npm run dist` on each platform: the packaged binary's fuses must be as fuseConfig says.
//   npx tsx scripts/packaging/verify-fuses.ts "dist/linux-unpacked/access-desk"
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses'
import { fuseConfig } from './fuses'

const app = process.argv[2]
if (!app) throw new Error('usage: verify-fuses.ts <path to the packaged executable or .app>')
const wire = await getCurrentFuseWire(app)
const wrong: string[] = []
for (const [key, wanted] of Object.entries(fuseConfig)) {
  const index = Number(key)
  if (!Number.isInteger(index)) continue
  const state = wire[index as FuseV1Options] as number | undefined
  const want = (wanted ? '1' : '0').charCodeAt(0)
  if (state !== want)
    wrong.push(
      `${FuseV1Options[index]}: ${state === undefined ? 'absent' : String.fromCharCode(state)}, wanted ${wanted ? 'on' : 'off'}`
    )
}
if (wrong.length > 0) {
  console.error(`Fuses of ${app} differ from scripts/packaging/fuses.ts:\n  ${wrong.join('\n  ')}`)
  process.exit(1)
}
console.log(`Fuses of ${app} are as configured.`)
