import { randomInt } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { endpoints } from '../../shared/access/endpoints'
import { ok } from '../envelope'
import type { DemoContext } from '../context'
import { route } from './define'

export function pinCodeRoutes(app: FastifyInstance, ctx: DemoContext) {
  // E1: 8 digits, as in the reference's samples; the plaintext is never stored.
  route(app, ctx, endpoints.E1, (_req, reply) => ok(reply, String(randomInt(0, 100_000_000)).padStart(8, '0')))
}
