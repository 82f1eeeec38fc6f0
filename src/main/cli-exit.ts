import { AppError, type AppErrorData } from '../shared/errors'
import { EXIT, type ExitCode } from '../cli/exit-codes'
import { callFate } from './services/access/lost-answer'

/**
 * THE mapping from the app's error kinds (src/shared/errors.ts) to the CLI's exit codes, so a script
 * can tell "the console said no" from "the console did not answer" as the app's screens do:
 * - 4 `tls`: the certificate is not the one pinned (changed, or expired/not yet valid);
 * - 3 no answer: `network` (refused, timeout, reset), and a `server` error whose answer was lost
 *   (a proxy's 502, an answer that is not the API's: access/lost-answer.ts `callFate`);
 * - 2 bad input: a `validation` error made by the app before anything was sent (the input did not
 *   match the contract, an unknown channel, no console chosen) — the console's own refusals carry
 *   its `CODE_…` (or `HTTP_400`) and are 1;
 * - 1 everything else the console or the app refused (token, permission, not found, conflict, rate
 *   limit, the data folder in use).
 */
export function exitCodeOf(error: AppErrorData): ExitCode {
  if (error.kind === 'tls') return EXIT.certificate
  if (error.kind === 'network') return EXIT.unreachable
  if (error.kind === 'server' && callFate(AppError.fromData(error)) === 'lost') return EXIT.unreachable
  if (error.kind === 'validation' && !/^(CODE_|HTTP_)/.test(error.code ?? '')) return EXIT.badInput
  return EXIT.refused
}
