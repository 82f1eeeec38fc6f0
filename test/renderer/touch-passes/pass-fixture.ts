import type { TouchPass } from '../../../src/shared/access/touch-passes'

/** A Touch Pass as main hands it to the screens: card id `AAAA-BBBB-CCCC-<id, 4 digits>`, nobody holding it. */
export function passOf(id: string, status: TouchPass['status'], card_name = ''): TouchPass {
  return {
    id,
    card_id: `AAAA-BBBB-CCCC-${id.padStart(4, '0')}`,
    card_name,
    status,
    user_id: '',
    user_name: '',
    user_email: '',
    user_avatar: '',
    user_status: '',
    bundles: []
  }
}
