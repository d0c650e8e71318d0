/**
 * Workers and their contracts (docs/product.md §2 config trabajadores): the contract the server
 * (server/src/modules/config/workers) and the client (client/src/modules/config/trabajadores) read.
 */
export const CONTRACT_TYPES = ['indefinido', 'plazo_fijo', 'por_obra', 'honorarios'] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];

/** Days before a contract's end date when whoever manages workers is told (docs/product.md §2 trabajadores). */
export const CONTRACT_ENDING_NOTICE_DAYS = 15;
