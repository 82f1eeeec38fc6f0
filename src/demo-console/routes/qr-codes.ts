import type { FastifyInstance } from 'fastify'
import QRCode from 'qrcode'
import { endpoints } from '../../shared/access/endpoints'
import type { DemoContext } from '../context'
import { notFound } from '../errors'
import { idParam } from './validate'
import { route } from './define'

/**
 * E15: the visitor's QR code as a PNG. Before §4.11 assigned one the answer is a JSON envelope
 * error, not an image (facts 6.4, 6.6).
 */
export function qrCodeRoutes(app: FastifyInstance, ctx: DemoContext) {
  route(app, ctx, endpoints.E15, async (request, reply) => {
    const id = idParam(request)
    const visitor = ctx.store.visitors.get(id)
    if (!visitor) throw notFound(`no visitor with id ${id}`)
    if (!visitor.qr) throw notFound(`visitor ${id} has no QR code; assign one first`)
    const png = await QRCode.toBuffer(visitor.qr, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 320 })
    return reply.code(200).header('Content-Type', 'image/png').send(png)
  })
}
