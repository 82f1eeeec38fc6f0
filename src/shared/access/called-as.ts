import { endpoints, type EndpointInfo } from './endpoints'

/**
 * The endpoint as one call of it is called, where an endpoint does two writes by its query: §4.6
 * without `is_force` cancels the visit (the console keeps the visitor as CANCELLED), with it deletes
 * the visitor. The client sends the call with it, so every word said of that call — the audit row's
 * title, its errors ("Cancel visit failed …"), a lost answer's "may have done it (Cancel visit)" — names
 * a cancel as a cancel, never as a delete. Same id, same path: only the title differs.
 */
export function calledAs(endpoint: EndpointInfo, query?: Record<string, unknown>): EndpointInfo {
  if (endpoint.id === endpoints.visitorDelete.id && query?.['is_force'] !== true)
    return { ...endpoint, title: CANCEL_VISIT_TITLE }
  return endpoint
}

export const CANCEL_VISIT_TITLE = 'Cancel visit'
