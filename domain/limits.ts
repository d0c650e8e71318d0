/** Business constants and limits of docs/product.md §9, one place for client and server. */
export const PAGE_SIZE_DEFAULT = 50;
export const PAGE_SIZE_MAX = 500;
export const TOAST_DURATION_MS = 8000;
export const SPINNER_SIZE = 40;
export const NOTIFICATION_RETENTION_DAYS = 15;
export const ACTIVITY_HISTORY_LIMIT = 50;
export const BULK_SELECTION_MAX = 50;
export const CUSTOM_FIELD_OPTIONS_MAX = 50;
export const WEBHOOK_LOG_MAX = 100;
export const WEBHOOK_BODY_MAX_BYTES = 50 * 1024;
/**
 * A JSON request body of the API (docs/api.md 413). The largest legitimate one is a revision: 2000
 * items (the schema's maximum) each with a 250-character observation is ~0.7 MB, 500 items with
 * five photos each ~0.5 MB. Files never travel in JSON: they go through uploads.
 */
export const JSON_BODY_MAX_BYTES = 1024 * 1024;
export const COURSE_WORKING_DAYS = 15;
export const COURSE_EXTENSIONS_MAX = 2;
export const NOTIFICATION_MESSAGE_MAX = 1000;
export const DELIVERY_TEXT_MAX = 250;
export const UNIT_TYPE_NAME_MAX = 49;
export const UNIT_TYPE_SURFACE_MAX = 99999.99;
export const SEARCH_DEBOUNCE_MS = 750;
export const FILTER_LIST_DEBOUNCE_MS = 250;
export const FILTER_DROPDOWN_MIN_WIDTH = 300;
export const FILTER_LIST_MAX_HEIGHT = 250;
export const FILTER_LIST_ROW_HEIGHT = 48;
export const TIME_PICKER_MINUTES = [0, 15, 30, 45] as const;
export const ZOOM = { min: 0, max: 50, step: 0.25 } as const;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const LIST_STALE_TIME_MS = 1000;
export const UPLOAD = {
  libraryMaxBytes: 250 * 1024 * 1024,
  generalMaxBytes: 20 * 1024 * 1024,
  certificateMaxBytes: 20 * 1024 * 1024,
  certificateMaxFiles: 100,
  uploaderDefaultMaxFiles: 5,
  uploaderDefaultMaxBytes: 536870912,
  thumbnailPx: 100,
} as const;
/**
 * Years a date may have (docs/product.md §5 date rule). Years like 0001 or 9999 are real dates, but a time zone
 * or a visit's duration moves them past what an ISO string and the database's date types take.
 */
export const DATE_YEARS = { min: 1900, max: 2999 } as const;
export const LOCALES = ['es', 'pt-BR'] as const;
export type Locale = (typeof LOCALES)[number];
