import type { Context } from 'hono';
import type { AppEnv } from '../../../http/context.ts';

/** A PDF answer, shown in the browser (`?download=1`: saved), named after the invoice. */
export function pdfAnswer(c: Context<AppEnv>, bytes: Uint8Array, filename: string) {
  c.header('Content-Type', 'application/pdf');
  c.header('Content-Disposition', `${c.req.query('download') ? 'attachment' : 'inline'}; filename="${filename}"`);
  c.header('Cache-Control', 'private, no-store');
  return c.body(bytes as Uint8Array<ArrayBuffer>);
}
