import { z } from 'zod'
import { endpoints } from '../../../shared/access/endpoints'
import { calledAs } from '../../../shared/access/called-as'
import {
  visitorCreateSchema,
  visitorSchema,
  visitorStatusCodes,
  visitorUpdateSchema,
  type DayVisitor,
  type Visitor,
  type VisitorCreate,
  type VisitorExpand,
  type VisitorStatus,
  type VisitorUpdate
} from '../../../shared/access/visitors'
import { AppError } from '../../../shared/errors'
import type { AccessHttp, CallOptions } from './http'
import { fetchAll, toPage, type AllOptions } from './pagination'
import { ownerCredentials } from './owner-credentials'
import { listOf, shownPage } from './list-answer'
import type { DataReader } from './data-reader'
import { dayVisitorPageReader } from './day-visitor-page'

const visitorList = listOf(visitorSchema)

export interface VisitorListInput {
  /** Prefix of first or last name. The console ignores `status` when a keyword is given. */
  keyword?: string
  status?: VisitorStatus | VisitorStatus[]
  page?: number
  pageSize?: number
  expand?: VisitorExpand[]
}

type AllVisitorsInput<T = unknown> = Omit<VisitorListInput, 'page' | 'pageSize'> & AllOptions<T>

/** Check a body before it leaves: the console's own validation messages are terse. */
function checked<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const parsed = schema.safeParse(body)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  const field = issue?.path.join('.') || '(body)'
  throw new AppError({
    kind: 'validation',
    code: 'INVALID_INPUT',
    message: `${what}: \`${field}\` ${issue?.message ?? 'is invalid'}.`,
    details: { field }
  })
}

/** Visitors (E17, E18, §4.3–§4.12). Create, assign and delete are never retried. */
export function visitors(http: AccessHttp) {
  const page = async <T>(
    input: VisitorListInput,
    pageNum: number,
    pageSize: number,
    options: CallOptions,
    data: DataReader<T[]>
  ) => {
    const statuses =
      input.status === undefined ? undefined : Array.isArray(input.status) ? input.status : [input.status]
    const reply = await http.request({
      endpoint: endpoints.visitorsList,
      query: {
        keyword: input.keyword || undefined,
        status: statuses?.map((s) => visitorStatusCodes[s]),
        page_num: pageNum,
        page_size: pageSize,
        'expand[]': input.expand
      },
      data,
      ...options
    })
    return toPage(reply.data, reply.pagination)
  }
  const every = <T extends { id: string }>(input: AllVisitorsInput<T>, data: DataReader<T[]>) =>
    fetchAll(
      ({ pageNum, pageSize, signal }) => page(input, pageNum, pageSize, { signal, timeoutMs: input.timeoutMs }, data),
      (v) => v.id,
      input
    )
  const noData = z.unknown()

  return {
    ...ownerCredentials(http, 'visitor'),

    /** §4.4, one page. Without pagination in the answer, `total` is what this page shows. */
    async list(input: VisitorListInput = {}, options: CallOptions = {}): Promise<{ items: Visitor[]; total: number }> {
      const pageNum = input.page ?? 1
      const pageSize = input.pageSize ?? 50
      return shownPage(await page(input, pageNum, pageSize, options, visitorList), pageNum, pageSize)
    },

    /** §4.4, every page. */
    all(input: AllVisitorsInput = {}): Promise<Visitor[]> {
      return every(input, visitorList)
    },

    /**
     * §4.4, every page, each visitor read as the day's list needs them (dayVisitorSchema, by a plain
     * reader: day-visitor-page.ts).
     */
    allOfTheDay(input: AllVisitorsInput<DayVisitor> = {}): Promise<DayVisitor[]> {
      return every(input, dayVisitorPageReader)
    },

    /** §4.3. */
    async get(id: string, options: CallOptions = {}): Promise<Visitor> {
      return (await http.request({ endpoint: endpoints.visitorFetch, params: { id }, data: visitorSchema, ...options }))
        .data
    },

    /** E17. */
    async create(body: VisitorCreate, options: CallOptions = {}): Promise<Visitor> {
      const valid = checked(visitorCreateSchema, body, 'The visitor cannot be created')
      return (await http.request({ endpoint: endpoints.E17, body: valid, data: visitorSchema, ...options })).data
    },

    /** E18: partial; leave a field out to keep it. */
    async update(id: string, body: VisitorUpdate, options: CallOptions = {}): Promise<Visitor> {
      const valid = checked(visitorUpdateSchema, body, 'The visitor cannot be updated')
      return (
        await http.request({ endpoint: endpoints.E18, params: { id }, body: valid, data: visitorSchema, ...options })
      ).data
    },

    /** §4.6: without `force` the visitor is cancelled (kept, status CANCELLED); with it, deleted. */
    async remove(id: string, input: { force?: boolean } = {}, options: CallOptions = {}): Promise<void> {
      const query = { is_force: input.force ? true : undefined }
      await http.request({
        // A cancel is called "Cancel visit" in its audit row and errors, a forced delete "Delete visitor".
        endpoint: calledAs(endpoints.visitorDelete, query),
        params: { id },
        query,
        data: noData,
        ...options
      })
    },

    /** §4.11 (Access 3.3.10+): needed before E15 can download the image. */
    async assignQr(id: string, options: CallOptions = {}): Promise<void> {
      await http.request({ endpoint: endpoints.visitorAssignQr, params: { id }, data: noData, ...options })
    },

    /** §4.12. */
    async unassignQr(id: string, options: CallOptions = {}): Promise<void> {
      await http.request({ endpoint: endpoints.visitorUnassignQr, params: { id }, data: noData, ...options })
    }
  }
}
