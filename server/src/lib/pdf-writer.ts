import {
  PDFDocument,
  StandardFonts,
  rgb,
  type PDFEmbeddedPage,
  type PDFFont,
  type PDFImage,
  type PDFPage,
} from 'pdf-lib';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const TEXT = rgb(0.13, 0.13, 0.13);
const MUTED = rgb(0.4, 0.4, 0.4);
const RULE = rgb(0.8, 0.8, 0.8);
const PIN_RADIUS = 8;

/** A numbered pin on a plan: x and y are fractions of the page from its top-left corner, colour '#rrggbb'. */
export type PlanPinMark = { number: number; x: number; y: number; color: string };

const hexColor = (hex: string) => {
  const n = Number.parseInt(hex.replace('#', ''), 16) || 0;
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
};

/**
 * A small flowing-layout writer over pdf-lib: headings, label/value pairs, tables and signatures,
 * with page breaks. Standard fonts use WinAnsi, which covers Spanish and Portuguese; any other
 * character is replaced, so an odd name never breaks the act.
 */
export class PdfWriter {
  private page!: PDFPage;
  private y = 0;
  private constructor(
    private doc: PDFDocument,
    private font: PDFFont,
    private bold: PDFFont,
    private charset: Set<number>,
  ) {
    this.newPage();
  }

  static async create() {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const bold = await doc.embedFont(StandardFonts.HelveticaBold);
    return new PdfWriter(doc, font, bold, new Set(font.getCharacterSet()));
  }

  private get width() {
    return A4[0] - 2 * MARGIN;
  }

  private newPage() {
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  private ensure(height: number) {
    if (this.y - height < MARGIN + 20) this.newPage();
  }

  clean(text: string) {
    return [...text.replace(/[\r\t]/g, ' ')]
      .map((ch) => (ch === '\n' || this.charset.has(ch.codePointAt(0)!) ? ch : '?'))
      .join('');
  }

  /** Splits text into lines that fit `width` at `size`. */
  private wrap(text: string, width: number, size: number, font = this.font): string[] {
    const lines: string[] = [];
    for (const paragraph of this.clean(text).split('\n')) {
      let current = '';
      for (const word of paragraph.split(' ')) {
        const candidate = current ? `${current} ${word}` : word;
        if (font.widthOfTextAtSize(candidate, size) <= width || !current) current = candidate;
        else {
          lines.push(current);
          current = word;
        }
      }
      lines.push(current);
    }
    return lines;
  }

  private text(
    text: string,
    x: number,
    opts: { size?: number; font?: PDFFont; color?: ReturnType<typeof rgb>; width?: number } = {},
  ) {
    const size = opts.size ?? 10;
    const lines = this.wrap(text, opts.width ?? this.width - (x - MARGIN), size, opts.font);
    for (const line of lines) {
      this.ensure(size + 4);
      this.page.drawText(line, { x, y: this.y - size, size, font: opts.font ?? this.font, color: opts.color ?? TEXT });
      this.y -= size + 4;
    }
  }

  private async image(bytes: Uint8Array): Promise<PDFImage | undefined> {
    try {
      return bytes[0] === 0x89 ? await this.doc.embedPng(bytes) : await this.doc.embedJpg(bytes);
    } catch {
      return undefined;
    }
  }

  async header(title: string, subtitle: string, logo?: Uint8Array) {
    this.doc.setTitle(this.clean(title));
    const image = logo ? await this.image(logo) : undefined;
    if (image) {
      const scale = Math.min(120 / image.width, 50 / image.height, 1);
      this.page.drawImage(image, {
        x: A4[0] - MARGIN - image.width * scale,
        y: this.y - image.height * scale,
        width: image.width * scale,
        height: image.height * scale,
      });
    }
    this.text(title, MARGIN, { size: 18, font: this.bold, width: this.width - 130 });
    this.text(subtitle, MARGIN, { size: 11, color: MUTED, width: this.width - 130 });
    this.y = Math.min(this.y, A4[1] - MARGIN - 56);
    this.y -= 6;
  }

  note(text: string) {
    this.text(text, MARGIN, { size: 10, font: this.bold, color: rgb(0.75, 0.35, 0) });
  }

  section(title: string) {
    this.ensure(34);
    this.y -= 10;
    this.text(title, MARGIN, { size: 12, font: this.bold });
    this.page.drawLine({
      start: { x: MARGIN, y: this.y + 1 },
      end: { x: A4[0] - MARGIN, y: this.y + 1 },
      thickness: 0.6,
      color: RULE,
    });
    this.y -= 4;
  }

  line(text: string) {
    this.text(text, MARGIN);
  }

  pairs(rows: [string, string][]) {
    for (const [label, value] of rows) {
      this.ensure(14);
      const top = this.y;
      this.text(`${label}:`, MARGIN, { font: this.bold, width: 150 });
      const after = this.y;
      this.y = top;
      this.text(value || '-', MARGIN + 155, { width: this.width - 155 });
      this.y = Math.min(this.y, after);
    }
  }

  /** A table with a bold header row; `columns` are fractions of the width. */
  table(head: string[], rows: string[][], columns: number[]) {
    const xs = columns.reduce<number[]>(
      (acc, _c, i) => [...acc, i === 0 ? MARGIN : acc[i - 1] + columns[i - 1] * this.width],
      [],
    );
    const row = (cells: string[], font: PDFFont) => {
      this.ensure(14);
      const top = this.y;
      let bottom = top;
      cells.forEach((cell, i) => {
        this.y = top;
        this.text(cell, xs[i], { font, width: columns[i] * this.width - 6 });
        bottom = Math.min(bottom, this.y);
      });
      this.y = bottom - 2;
    };
    row(head, this.bold);
    for (const cells of rows) row(cells, this.font);
  }

  async signatures(signers: { label: string; name: string; image?: Uint8Array }[]) {
    this.ensure(120);
    this.y -= 20;
    const boxWidth = (this.width - 40) / signers.length;
    const baseline = this.y - 70;
    for (const [i, s] of signers.entries()) {
      const x = MARGIN + i * (boxWidth + 40);
      const image = s.image ? await this.image(s.image) : undefined;
      if (image) {
        const scale = Math.min(boxWidth / image.width, 60 / image.height, 1);
        this.page.drawImage(image, { x, y: baseline + 4, width: image.width * scale, height: image.height * scale });
      }
      this.page.drawLine({
        start: { x, y: baseline },
        end: { x: x + boxWidth, y: baseline },
        thickness: 0.8,
        color: TEXT,
      });
      this.page.drawText(this.clean(s.name), { x, y: baseline - 14, size: 10, font: this.bold, color: TEXT });
      this.page.drawText(this.clean(s.label), { x, y: baseline - 28, size: 9, font: this.font, color: MUTED });
    }
    this.y = baseline - 40;
  }

  /**
   * A row of small pictures (the photos of a failure), `size` points square at most, wrapping to the
   * next row and page; pictures pdf-lib cannot read (neither PNG nor JPEG) are left out.
   */
  async thumbnails(images: Uint8Array[], size = 90) {
    const gap = 8;
    let x = MARGIN;
    let rowHeight = 0;
    for (const bytes of images) {
      const image = await this.image(bytes);
      if (!image) continue;
      const scale = Math.min(size / image.width, size / image.height, 1);
      const [w, h] = [image.width * scale, image.height * scale];
      if (x + w > A4[0] - MARGIN) {
        this.y -= rowHeight + gap;
        x = MARGIN;
        rowHeight = 0;
      }
      if (x === MARGIN) this.ensure(size + gap);
      this.page.drawImage(image, { x, y: this.y - h, width: w, height: h });
      x += w + gap;
      rowHeight = Math.max(rowHeight, h);
    }
    if (rowHeight) this.y -= rowHeight + gap;
  }

  /**
   * A plan drawn across the width (one page of a PDF plan, embedded as vector with embedPdf, or a PNG/JPEG
   * image) under its title, with its numbered pins. An unreadable plan or a missing page draws nothing
   * and answers false.
   */
  async planWithPins(plan: { bytes: Uint8Array; isPdf: boolean; page: number; title: string }, pins: PlanPinMark[]) {
    let drawn: PDFEmbeddedPage | PDFImage | undefined;
    try {
      drawn = plan.isPdf ? (await this.doc.embedPdf(plan.bytes, [plan.page - 1]))[0] : await this.image(plan.bytes);
    } catch {
      drawn = undefined;
    }
    if (!drawn) return false;
    const maxHeight = A4[1] - 2 * MARGIN - 40;
    const scale = Math.min(this.width / drawn.width, maxHeight / drawn.height);
    const width = drawn.width * scale;
    const height = drawn.height * scale;
    // The title stays on the plan's page.
    this.ensure(height + 42);
    this.section(plan.title);
    this.ensure(height + 8);
    const left = MARGIN + (this.width - width) / 2;
    const bottom = this.y - height;
    const box = { x: left, y: bottom, width, height };
    if (plan.isPdf) this.page.drawPage(drawn as PDFEmbeddedPage, box);
    else this.page.drawImage(drawn as PDFImage, box);
    this.page.drawRectangle({ ...box, borderColor: RULE, borderWidth: 0.6 });
    for (const pin of pins) {
      const cx = left + pin.x * width;
      const cy = bottom + (1 - pin.y) * height;
      this.page.drawCircle({
        x: cx,
        y: cy,
        size: PIN_RADIUS,
        color: hexColor(pin.color),
        borderColor: rgb(1, 1, 1),
        borderWidth: 1.2,
      });
      const label = String(pin.number);
      const size = label.length > 2 ? 6 : 8;
      this.page.drawText(label, {
        x: cx - this.bold.widthOfTextAtSize(label, size) / 2,
        y: cy - size * 0.35,
        size,
        font: this.bold,
        color: rgb(1, 1, 1),
      });
    }
    this.y = bottom - 8;
    return true;
  }

  footer(text: string) {
    for (const page of this.doc.getPages())
      page.drawText(this.clean(text), { x: MARGIN, y: MARGIN / 2, size: 8, font: this.font, color: MUTED });
  }

  save() {
    return this.doc.save();
  }
}
