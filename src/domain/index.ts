export * from './money';
export * from './dates';
export * from './whatsapp';
export * from './quotation-code';
export * from './quotation-status';
export * from './brcode';
export * from './transaction-status';
export * from './money-mask';
