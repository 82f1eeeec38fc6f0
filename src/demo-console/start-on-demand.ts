import type { DemoConsole, DemoConsoleOptions } from './server'

/**
 * `startDemoConsole` as the app's entries hand it to their services: the built-in console's module
 * (Fastify, its certificate maker, its routes and seeds — ~12 MB of a process's memory) is loaded when
 * the built-in console is first started, not when the app starts; a desk on a real console never loads it.
 */
export async function startDemoConsoleOnDemand(options: DemoConsoleOptions): Promise<DemoConsole> {
  return (await import('./server')).startDemoConsole(options)
}
