import type { Context } from 'hono';
import type { AppEnv } from '../../../http/context.ts';

/** A generated PDF answered inline, or as a download with `?download=1` (the delivery act's habit). */
export function pdfResponse(c: Context<AppEnv>, pdf: { bytes: Uint8Array; filename: string }) {
  c.header('Content-Type', 'application/pdf');
  c.header('Content-Disposition', `${c.req.query('download') ? 'attachment' : 'inline'}; filename="${pdf.filename}"`);
  c.header('Cache-Control', 'private, no-store');
  return c.body(pdf.bytes as Uint8Array<ArrayBuffer>);
}
