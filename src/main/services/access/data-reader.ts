import type { z } from 'zod'

/**
 * An answer's `data` read by a plain function instead of a zod schema, for the lists read in bulk
 * (20,000 cards per refresh). Such a reader used to be a `z.unknown().transform(...)`; with zod 4.6
 * that wrapper alone made every card fetch cost ~5 ms more CPU and twice the garbage-collection
 * time (the parsed pages survived young-generation collections: heap 80 MB instead of 25 MB over
 * 20 pages; `npm run bench -- cards-fetch`). The HTTP layer takes either, and a refusal reads the
 * same: "unexpected field `1.status`: …".
 */
export interface DataReader<T> {
  /** The data as the app holds it; throws a DataIssue for the first thing wrong with it. */
  readonly read: (data: unknown) => T
}

/** Why an answer's data was refused: where (index, field) and what was expected. */
export class DataIssue {
  constructor(
    readonly path: PropertyKey[],
    readonly message: string
  ) {}
}

/** What a request's `data:` may be. */
export type DataSpec = z.ZodType | DataReader<unknown>

/** What a request's `data:` yields. */
export type DataOf<S extends DataSpec> = S extends DataReader<infer T> ? T : S extends z.ZodType ? z.output<S> : never

export function isDataReader(spec: DataSpec): spec is DataReader<unknown> {
  return typeof (spec as Partial<DataReader<unknown>>).read === 'function'
}
