/**
 * The browser's IANA time zone, sent as `tz` by every list, board and export whose days or times depend on it, so
 * what a screen filters, shows and downloads is in one zone (docs/product.md §9 time zone). The API falls back to the
 * company's zone when none is sent.
 */
export const browserTimeZone = (): string | undefined => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
};
