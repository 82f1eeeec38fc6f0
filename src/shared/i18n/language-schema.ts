import { z } from 'zod'
import { LANGUAGES } from './locales'

/** A language we speak, as the contract takes it (kiosk.checkIn's badge language). */
export const languageSchema = z.enum(LANGUAGES)
