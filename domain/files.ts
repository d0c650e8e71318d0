import { z } from 'zod';
import { UPLOAD } from './limits.ts';

/**
 * Upload rules of docs/product.md §5/§8/§9, the one place for categories → extensions → MIME types, per-context
 * limits and the magic numbers used to sniff content. Pure: the server and the browser both call it.
 */
export type FileCategory = 'document' | 'image' | 'audio' | 'video' | 'cad';

type ExtensionInfo = { category: FileCategory; mimes: readonly string[] };

/** First MIME is canonical (what we store and serve); the others are what browsers also report. */
export const EXTENSIONS: Readonly<Record<string, ExtensionInfo>> = {
  pdf: { category: 'document', mimes: ['application/pdf'] },
  doc: { category: 'document', mimes: ['application/msword'] },
  docx: { category: 'document', mimes: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'] },
  xls: { category: 'document', mimes: ['application/vnd.ms-excel'] },
  xlsx: { category: 'document', mimes: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] },
  ppt: { category: 'document', mimes: ['application/vnd.ms-powerpoint'] },
  pptx: { category: 'document', mimes: ['application/vnd.openxmlformats-officedocument.presentationml.presentation'] },
  odt: { category: 'document', mimes: ['application/vnd.oasis.opendocument.text'] },
  ods: { category: 'document', mimes: ['application/vnd.oasis.opendocument.spreadsheet'] },
  odp: { category: 'document', mimes: ['application/vnd.oasis.opendocument.presentation'] },
  txt: { category: 'document', mimes: ['text/plain'] },
  csv: { category: 'document', mimes: ['text/csv', 'application/vnd.ms-excel', 'text/plain'] },
  rtf: { category: 'document', mimes: ['application/rtf', 'text/rtf'] },
  jpg: { category: 'image', mimes: ['image/jpeg', 'image/pjpeg'] },
  jpeg: { category: 'image', mimes: ['image/jpeg', 'image/pjpeg'] },
  png: { category: 'image', mimes: ['image/png'] },
  gif: { category: 'image', mimes: ['image/gif'] },
  webp: { category: 'image', mimes: ['image/webp'] },
  bmp: { category: 'image', mimes: ['image/bmp', 'image/x-ms-bmp'] },
  tif: { category: 'image', mimes: ['image/tiff'] },
  tiff: { category: 'image', mimes: ['image/tiff'] },
  heic: { category: 'image', mimes: ['image/heic', 'image/heif'] },
  mp3: { category: 'audio', mimes: ['audio/mpeg', 'audio/mp3'] },
  wav: { category: 'audio', mimes: ['audio/wav', 'audio/x-wav', 'audio/wave'] },
  ogg: { category: 'audio', mimes: ['audio/ogg'] },
  m4a: { category: 'audio', mimes: ['audio/mp4', 'audio/x-m4a'] },
  mp4: { category: 'video', mimes: ['video/mp4'] },
  mov: { category: 'video', mimes: ['video/quicktime'] },
  webm: { category: 'video', mimes: ['video/webm'] },
  avi: { category: 'video', mimes: ['video/x-msvideo', 'video/avi'] },
  dwg: { category: 'cad', mimes: ['image/vnd.dwg', 'application/acad', 'application/x-dwg'] },
  dxf: { category: 'cad', mimes: ['image/vnd.dxf', 'application/dxf'] },
  ifc: { category: 'cad', mimes: ['application/x-step', 'model/ifc', 'application/octet-stream'] },
};

export const ALL_EXTENSIONS = Object.keys(EXTENSIONS);
export const extensionsOf = (category: FileCategory) =>
  ALL_EXTENSIONS.filter((e) => EXTENSIONS[e].category === category);

/** Where a file is uploaded decides its limits (docs/product.md §5, §9). */
export type UploadContext = 'uploader' | 'library' | 'general' | 'certificate' | 'image';
export type ContextRules = { maxBytes: number; maxFiles: number; extensions: readonly string[]; permission?: string };

export const UPLOAD_CONTEXTS: Readonly<Record<UploadContext, ContextRules>> = {
  uploader: {
    maxBytes: UPLOAD.uploaderDefaultMaxBytes,
    maxFiles: UPLOAD.uploaderDefaultMaxFiles,
    extensions: ALL_EXTENSIONS,
  },
  // docs/product.md §9 leaves the Cbox batch size as a parameter; 20 per batch (docs/decisions.md).
  library: {
    maxBytes: UPLOAD.libraryMaxBytes,
    maxFiles: 20,
    extensions: ALL_EXTENSIONS,
    permission: 'modulo_biblioteca',
  },
  general: { maxBytes: UPLOAD.generalMaxBytes, maxFiles: UPLOAD.uploaderDefaultMaxFiles, extensions: ALL_EXTENSIONS },
  certificate: {
    maxBytes: UPLOAD.certificateMaxBytes,
    maxFiles: UPLOAD.certificateMaxFiles,
    extensions: ['pdf'],
    permission: 'modulo_entregas',
  },
  image: { maxBytes: UPLOAD.generalMaxBytes, maxFiles: 1, extensions: ['jpg', 'png'] },
};
export const UPLOAD_CONTEXT_NAMES = Object.keys(UPLOAD_CONTEXTS) as UploadContext[];

export const UPLOAD_URL_DEFAULT = 'files/upload-url';
export const PRESIGNED_POST_URL_DEFAULT = 'propietarios/posventa/s3/pre-signed-url';
export const FILES_PUBLIC_PREFIX = '/api/v2/public/files/';
/** Signed URLs must be used within this time (the transfer itself may take longer). */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;
export const SNIFF_BYTES = 1024;

/** 'Plano.PDF' → 'pdf'; '' when the name has no extension (a leading dot alone is not one). */
export function extensionOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 && dot < base.length - 1 ? base.slice(dot + 1).toLowerCase() : '';
}

export const mimeOf = (extension: string): string => EXTENSIONS[extension]?.mimes[0] ?? 'application/octet-stream';
export const categoryOf = (extension: string): FileCategory | undefined => EXTENSIONS[extension]?.category;
export const isAcceptedMime = (extension: string, mime: string) =>
  Boolean(EXTENSIONS[extension]?.mimes.includes(mime.toLowerCase()));
export const hasThumbnail = (extension: string) =>
  ['jpg', 'jpeg', 'png', 'gif', 'webp', 'tif', 'tiff'].includes(extension);
/** Where the server stores an image's 100 px thumbnail, beside the original (docs/product.md §9). */
export const thumbnailPathOf = (path: string) => path.replace(/\.[a-z0-9]+$/, '.thumb.webp');

/** Accepted extensions for a context, optionally narrowed by the widget's `accept` list. */
export function acceptedExtensions(context: UploadContext, restrictTo?: readonly string[]): string[] {
  const allowed = UPLOAD_CONTEXTS[context].extensions;
  if (!restrictTo?.length) return [...allowed];
  const wanted = restrictTo.map((e) => e.replace(/^\./, '').toLowerCase());
  return allowed.filter((e) => wanted.includes(e));
}

/** 536870912 → '512 MB' (binary units, as the limits are written in docs/product.md §9). */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = Math.round(value * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded : rounded.toFixed(1).replace('.', ',')} ${units[unit]}`;
}

/** Codes of docs/product.md §8 upload failures; each is the locale key files.errors.<code>. */
export type UploadErrorCode =
  | 'duplicate'
  | 'too_large'
  | 'no_extension'
  | 'invalid_extension'
  | 'max_files'
  | 'default'
  | 'empty'
  | 'executable'
  | 'content_mismatch'
  | 'signature_invalid'
  | 'signature_expired'
  | 'already_uploaded'
  | 'not_uploaded';
export type UploadError = { code: UploadErrorCode; params?: Record<string, string | number> };
export const uploadErrorKey = (code: UploadErrorCode) => `files.errors.${code}`;

export type Candidate = { name: string; size: number; lastModified?: number };
type Limits = { maxBytes: number; extensions: readonly string[] };

/** Rules that need only the name and size, checked before anything is sent (docs/product.md §5). */
export function checkCandidate(file: Candidate, limits: Limits): UploadError | undefined {
  const extension = extensionOf(file.name);
  if (!extension) return { code: 'no_extension', params: { name: file.name } };
  if (!limits.extensions.includes(extension)) {
    return {
      code: 'invalid_extension',
      params: { name: file.name, extensions: limits.extensions.map((e) => `.${e}`).join(', ') },
    };
  }
  if (file.size > limits.maxBytes)
    return { code: 'too_large', params: { name: file.name, size: formatBytes(limits.maxBytes) } };
  if (file.size === 0) return { code: 'empty', params: { name: file.name } };
  return undefined;
}

/** Same name and size (and date when both know it) is the same file picked twice. */
export const isSameFile = (a: Candidate, b: Candidate) =>
  a.name === b.name &&
  a.size === b.size &&
  (a.lastModified === undefined || b.lastModified === undefined || a.lastModified === b.lastModified);

export type Selection<F extends Candidate> = {
  accepted: F[];
  rejected: { file: F; error: UploadError }[];
  limitedTo?: number;
};

/**
 * Sorts a picked batch into accepted and rejected files. When the batch would pass maxFiles, the
 * first ones that fit are kept and the rest rejected with 'first N uploaded' (docs/product.md §8).
 */
export function selectFiles<F extends Candidate>(
  picked: readonly F[],
  existing: readonly Candidate[],
  rules: Limits & { maxFiles: number },
): Selection<F> {
  const accepted: F[] = [];
  const rejected: Selection<F>['rejected'] = [];
  let limitedTo: number | undefined;
  for (const file of picked) {
    const invalid = checkCandidate(file, rules);
    if (invalid) {
      rejected.push({ file, error: invalid });
      continue;
    }
    if ([...existing, ...accepted].some((other) => isSameFile(other, file))) {
      rejected.push({ file, error: { code: 'duplicate', params: { name: file.name } } });
      continue;
    }
    if (existing.length + accepted.length >= rules.maxFiles) {
      limitedTo = rules.maxFiles;
      rejected.push({ file, error: { code: 'max_files', params: { count: rules.maxFiles } } });
      continue;
    }
    accepted.push(file);
  }
  return { accepted, rejected, limitedTo };
}

// --- Content sniffing -------------------------------------------------------------------------

type Sig = { at?: number; bytes: (number | null)[] };
const ascii = (s: string, at = 0): Sig => ({ at, bytes: [...s].map((ch) => ch.charCodeAt(0)) });
const hex = (h: string, at = 0): Sig => ({ at, bytes: h.split(' ').map((b) => (b === '??' ? null : parseInt(b, 16))) });

/** What a file must start with; a text format instead must look like text (no NUL bytes). */
const SIGNATURES: Readonly<Record<string, Sig[] | 'text'>> = {
  pdf: [ascii('%PDF-')],
  doc: [hex('D0 CF 11 E0 A1 B1 1A E1')],
  xls: [hex('D0 CF 11 E0 A1 B1 1A E1')],
  ppt: [hex('D0 CF 11 E0 A1 B1 1A E1')],
  docx: [hex('50 4B 03 04')],
  xlsx: [hex('50 4B 03 04')],
  pptx: [hex('50 4B 03 04')],
  odt: [hex('50 4B 03 04')],
  ods: [hex('50 4B 03 04')],
  odp: [hex('50 4B 03 04')],
  txt: 'text',
  csv: 'text',
  rtf: [ascii('{\\rtf')],
  jpg: [hex('FF D8 FF')],
  jpeg: [hex('FF D8 FF')],
  png: [hex('89 50 4E 47 0D 0A 1A 0A')],
  gif: [ascii('GIF87a'), ascii('GIF89a')],
  webp: [{ bytes: [...ascii('RIFF').bytes, null, null, null, null, ...ascii('WEBP').bytes] }],
  bmp: [ascii('BM')],
  tif: [hex('49 49 2A 00'), hex('4D 4D 00 2A')],
  tiff: [hex('49 49 2A 00'), hex('4D 4D 00 2A')],
  heic: [ascii('ftyp', 4)],
  mp3: [ascii('ID3'), hex('FF FB'), hex('FF F3'), hex('FF F2'), hex('FF FA')],
  wav: [{ bytes: [...ascii('RIFF').bytes, null, null, null, null, ...ascii('WAVE').bytes] }],
  ogg: [ascii('OggS')],
  m4a: [ascii('ftyp', 4)],
  mp4: [ascii('ftyp', 4)],
  mov: [ascii('ftyp', 4), ascii('moov', 4), ascii('mdat', 4), ascii('wide', 4), ascii('free', 4)],
  webm: [hex('1A 45 DF A3')],
  avi: [{ bytes: [...ascii('RIFF').bytes, null, null, null, null, ...ascii('AVI ').bytes] }],
  dwg: [ascii('AC10')],
  dxf: 'text',
  ifc: [ascii('ISO-10303-21')],
};

/** Executables and scripts are refused whatever their name says (docs/product.md §5: renamed executables). */
const EXECUTABLES: Sig[] = [
  ascii('MZ'),
  hex('7F 45 4C 46'),
  hex('FE ED FA CE'),
  hex('FE ED FA CF'),
  hex('CE FA ED FE'),
  hex('CF FA ED FE'),
  hex('CA FE BA BE'),
  ascii('#!'),
  hex('00 61 73 6D'),
];

const matches = (head: Uint8Array, sig: Sig) => sig.bytes.every((b, i) => b === null || head[(sig.at ?? 0) + i] === b);

/** Skips a UTF-8 byte-order mark and leading whitespace, as text formats (IFC) may carry them. */
function textStart(head: Uint8Array): Uint8Array {
  let i = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  while (i < head.length && [0x20, 0x09, 0x0a, 0x0d].includes(head[i])) i += 1;
  return head.subarray(i);
}

/**
 * Checks the first bytes of a file (SNIFF_BYTES are enough) against its extension.
 * Returns undefined when they agree, else the error to report.
 */
export function sniff(head: Uint8Array, extension: string): UploadError | undefined {
  if (head.length === 0) return { code: 'empty' };
  if (EXECUTABLES.some((sig) => matches(head, sig))) return { code: 'executable' };
  const expected = SIGNATURES[extension];
  if (!expected) return { code: 'invalid_extension', params: { extensions: '' } };
  if (expected === 'text') return head.includes(0) ? { code: 'content_mismatch', params: { extension } } : undefined;
  const start = extension === 'ifc' ? textStart(head) : head;
  if (extension === 'pdf') {
    // Readers accept a PDF header anywhere in the first kilobyte; so do we.
    const text = String.fromCharCode(...head.subarray(0, SNIFF_BYTES));
    return text.includes('%PDF-') ? undefined : { code: 'content_mismatch', params: { extension } };
  }
  return expected.some((sig) => matches(start, sig)) ? undefined : { code: 'content_mismatch', params: { extension } };
}

// --- Request schemas (messages are locale keys) ------------------------------------------------

const extensionField = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().replace(/^\./, '').toLowerCase() : v),
  z
    .string({ error: 'files.errors.no_extension' })
    .min(1, 'files.errors.no_extension')
    .max(10, 'validation.invalid')
    .regex(/^[a-z0-9]+$/, 'validation.invalid'),
);
const common = {
  context: z.enum(UPLOAD_CONTEXT_NAMES as [UploadContext, ...UploadContext[]]).default('uploader'),
  /** Original name, used as the download name and for duplicate checks. */
  name: z.string().trim().min(1).max(255).optional(),
  size: z.coerce.number().int().min(0).optional(),
  /** One id per uploader instance: duplicates and maxFiles are checked within it (docs/product.md §5). */
  batch: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'validation.invalid')
    .optional(),
};

/** POST files/upload-url (docs/product.md §7). */
export const uploadUrlSchema = z.object({
  extension: extensionField,
  contentType: z.string().trim().max(120).optional(),
  ...common,
});
export type UploadUrlInput = z.infer<typeof uploadUrlSchema>;

/** POST <configurable url> for a presigned form POST: key is the file's name (docs/product.md §7). */
export const presignedPostSchema = z.object({
  key: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(255),
  contentType: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(120),
  ...common,
});
export type PresignedPostInput = z.infer<typeof presignedPostSchema>;

export const confirmUploadSchema = z.object({
  path: z.string({ error: 'validation.required' }).min(1, 'validation.required').max(200),
});

/** Server-generated storage path: <companyId>/<yyyy>/<mm>/<uuid>.<ext> (thumbnails add .thumb.webp). */
export const STORAGE_PATH =
  /^\d{1,10}\/\d{4}\/\d{2}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.thumb)?\.[a-z0-9]{1,10}$/;
export const isStoragePath = (path: string) => STORAGE_PATH.test(path);

/** docs/product.md §7: an image is saved under the name taken from its path. */
export const downloadNameFromPath = (path: string) =>
  decodeURIComponent(path.split('?')[0].split('/').pop() || 'archivo');
export const fileUrl = (path: string) => `${FILES_PUBLIC_PREFIX}${path}`;
