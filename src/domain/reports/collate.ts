/** pt-BR alphabetical order for the reports: the shared collator of src/domain/order.ts. */
export { comparePtBr as collate } from '../order';
