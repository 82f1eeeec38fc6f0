/** The one predicate lives with the access client's read-backs (access/item-refused.ts); the visitor room says it by this name. */
export { refused } from '../access/item-refused'
