/** Whether the runtime knows this IANA time zone ("Europe/Berlin"): the audit CSV's times are written in it. */
export { isTimeZone } from '../format/formats'
