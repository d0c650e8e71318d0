import { createContext, useContext } from 'react';
import type { StoredFile } from './upload-api.ts';

/** What an uploader asks the library for: files it would accept, at most `maxFiles`, in its `batch`. */
export type LibraryPickRequest = {
  /** Accepted extensions, without the dot. */
  accept: readonly string[];
  maxFiles: number;
  maxBytes: number;
  /** The uploader's batch: the server checks duplicates and the count within it (docs/product.md §5). */
  batch?: string;
};

/** A record's file, offered to the library. */
export type LibrarySaveRequest = { path: string; name: string };

/**
 * Where attachments may also come from and go to besides the computer (docs/product.md §1 "Cbox: file library with
 * sharing and integrations"). Widgets never import a module (docs/architecture.md §2), so the shell provides these
 * when the user holds the library (client/src/app/layout/attachment-sources-slot.tsx); without them the uploaders
 * and the gallery show no library actions.
 */
export type AttachmentSources = {
  /** Lets the user pick library files; resolves with them already uploaded as the uploader's own (or undefined). */
  pickFromLibrary?: (request: LibraryPickRequest) => Promise<StoredFile[] | undefined>;
  /** Lets the user keep a copy of the file in a library folder. */
  saveToLibrary?: (file: LibrarySaveRequest) => void;
};

export const AttachmentSourcesContext = createContext<AttachmentSources>({});

export const useAttachmentSources = () => useContext(AttachmentSourcesContext);
