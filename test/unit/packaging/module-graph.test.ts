import { describe, expect, it } from 'vitest'
import { specifiersOf } from '../../packaging/support/module-graph'

// The packaged-app test walks the bundle's imports with these patterns; a specifier they invent
// fails it as "unresolved", one they miss lets a needed package go unpacked.
describe('the module walk of the packaged app reads specifiers', () => {
  it('from every form of import and require the bundles hold', () => {
    const source = [
      `import a from "pkg-a";`,
      `import { b } from './b.js'`,
      `import "./side-effect.js";`,
      `}import"./after-brace.js"`,
      `const c = require('pkg-c')`,
      `const d = await import('pkg-d')`,
      `export * from "./re-export.js"`
    ].join('\n')
    expect(specifiersOf(source).sort()).toEqual(
      ['./after-brace.js', './b.js', './re-export.js', './side-effect.js', 'pkg-a', 'pkg-c', 'pkg-d'].sort()
    )
  })

  it('not from prose a bundle keeps in its comments, nor a path or word in a string', () => {
    const source = [
      `/**`,
      ` * A row as a page of the Audit carries it: an import's cards (500 a part) only where the filter's`,
      ` * text found them.`,
      ` */`,
      `const url = "/nfc_cards/import";`,
      `if (kind === "import" || kind === "batch") run()`,
      `// the import('./types').Options type`,
      `const t = 'we import "nothing" here'`
    ].join('\n')
    expect(specifiersOf(source)).toEqual([])
  })
})
