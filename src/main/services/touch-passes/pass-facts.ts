import type { TouchPass } from '../../../shared/access/touch-passes'
import type { SeenNow } from '../../../shared/seen/seen'

/** A pass's facts that giving and taking it back depend on (shared/seen), with the names their words say. */
export function passFacts(pass: TouchPass): SeenNow {
  return {
    holderId: pass.user_id || null,
    holderName: pass.user_name || pass.user_id,
    pass: pass.card_id || pass.id
  }
}
