import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { TestContext } from '../../../../test-support.ts';

/** Uploads bytes as the client's uploader does (files/upload-url, context uploader, then the PUT); answers the path. */
export async function uploadSheet(ctx: TestContext, cookie: string, name: string, bytes: Uint8Array): Promise<string> {
  const extension = name.slice(name.lastIndexOf('.') + 1);
  const signed = await ctx.request('POST', 'files/upload-url', {
    cookie,
    body: { extension, name, size: bytes.length, context: 'uploader' },
  });
  expect(signed.status, JSON.stringify(signed.json)).toBe(200);
  const put = await ctx.app.request(signed.json.data.url, {
    method: 'PUT',
    headers: { 'Content-Type': signed.json.data.contentType, Cookie: cookie },
    body: new Uint8Array(bytes),
  });
  expect(put.status, await put.clone().text()).toBeLessThan(300);
  return signed.json.data.path as string;
}

/** A CSV as Excel writes it in es/pt-BR: ';' between fields, CRLF. */
export const csv = (lines: string[][]) => new TextEncoder().encode(lines.map((l) => l.join(';')).join('\r\n'));

/** An xlsx of one sheet with these rows (Dates stay date cells, numbers number cells). */
export async function xlsx(rows: (string | number | Date | null)[][]): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Programa');
  for (const r of rows) sheet.addRow(r);
  return new Uint8Array(await book.xlsx.writeBuffer());
}
