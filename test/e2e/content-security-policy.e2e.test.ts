import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startJob, type Job } from '../support/job'

/**
 * The page's Content-Security-Policy (src/renderer/index.html, the one the desktop window and web mode
 * both load) is held by what it blocks, in Chromium, not only by the absence of violations: a script
 * written into the page, code made from a string, a request to another address and an image from
 * one are refused, and each refusal is reported by the browser. A policy that allowed any of them
 * (an 'unsafe-inline', an 'unsafe-eval', a connect-src wider than the page) fails here.
 */
describe("the page's Content-Security-Policy", () => {
  let job: Job
  beforeAll(async () => {
    job = await startJob()
    await job.settled()
  }, 120_000)
  afterAll(async () => {
    await job?.close()
  })

  it('is the policy the built page carries', async () => {
    const built = await readFile('out/renderer/index.html', 'utf8')
    const policy = await job.page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')
    expect(policy).toBeTruthy()
    expect(built).toContain(policy!)
    expect(policy).toContain("script-src 'self'")
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|\*/)
  })

  it('blocks a script written into the page, code made from a string, and requests elsewhere', async () => {
    const outcome = await job.page.evaluate(async () => {
      const violations: string[] = []
      document.addEventListener('securitypolicyviolation', (e) => violations.push(e.effectiveDirective))
      const w = window as unknown as Record<string, unknown>

      // A script an attacker's text would add: never run.
      const script = document.createElement('script')
      script.textContent = 'window.__inlineRan = true'
      document.body.append(script)
      // An event handler attribute, the other way markup runs code.
      const img = document.createElement('img')
      img.setAttribute('onerror', 'window.__handlerRan = true')
      img.src = 'data:,not-an-image'
      document.body.append(img)

      // Code made from a string. DevTools lets code it evaluates use eval whatever the policy, so the
      // tries run in a task of the page's own, as the app's code would.
      const fromString = await new Promise<{ evalRefused: boolean; functionRefused: boolean }>((resolve) =>
        setTimeout(() => {
          let evalRefused = false
          let functionRefused = false
          try {
            ;(0, eval)('1 + 1')
          } catch (e) {
            evalRefused = e instanceof EvalError
          }
          try {
            new Function('return 1')()
          } catch (e) {
            functionRefused = e instanceof EvalError
          }
          resolve({ evalRefused, functionRefused })
        }, 0)
      )
      // A timer given a string, the third way.

      setTimeout('window.__timerRan = true', 0)

      // A read that would send what the page holds to another address (the token never reaches the
      // page, but a visitor list does): refused before it leaves.
      let fetchRefused = false
      try {
        await fetch('http://127.0.0.1:9/steal', { method: 'POST', body: 'x' })
      } catch {
        fetchRefused = true
      }
      const elsewhere = new Image()
      const imageRefused = await new Promise<boolean>((resolve) => {
        elsewhere.onload = () => resolve(false)
        elsewhere.onerror = () => resolve(true)
        elsewhere.src = 'http://127.0.0.1:9/pixel.png'
      })

      // Violations are reported as a task after the refusal.
      await new Promise((r) => setTimeout(r, 200))
      script.remove()
      img.remove()
      return {
        inlineRan: w.__inlineRan === true,
        handlerRan: w.__handlerRan === true,
        ...fromString,
        timerRan: w.__timerRan === true,
        fetchRefused,
        imageRefused,
        violations
      }
    })
    expect(outcome.inlineRan).toBe(false)
    expect(outcome.handlerRan).toBe(false)
    expect(outcome.evalRefused).toBe(true)
    expect(outcome.functionRefused).toBe(true)
    expect(outcome.timerRan).toBe(false)
    expect(outcome.fetchRefused).toBe(true)
    expect(outcome.imageRefused).toBe(true)
    // Refused by the policy, not by chance (a closed port also fails a fetch): each is reported.
    expect(new Set(outcome.violations)).toEqual(
      new Set(['script-src-elem', 'script-src-attr', 'script-src', 'connect-src', 'img-src'])
    )
  })

  it('leaves the app working after the refusals', async () => {
    await job.open('Cards')
    await job.settled()
    expect(await job.page.locator('[data-testid=card-rows] [role=row]').count()).toBeGreaterThan(0)
  })
})
