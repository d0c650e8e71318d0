import { lazy, Suspense, useMemo, useRef, useState, type ReactNode } from 'react';
import { withTimeout } from '../../../shared/lazy-page.tsx';
import {
  AttachmentSourcesContext,
  type AttachmentSources,
  type LibraryPickRequest,
  type LibrarySaveRequest,
} from '../../../widgets/upload/attachment-sources.tsx';
import type { StoredFile } from '../../../widgets/upload/upload-api.ts';

// The dialogs are their own chunk: the shell mounts this provider for every page, the dialogs load on first use.
const CboxFilePickerDialog = lazy(() =>
  withTimeout(() => import('./dialogs.ts')).then((m) => ({ default: m.CboxFilePickerDialog })),
);
const SaveToCboxDialog = lazy(() =>
  withTimeout(() => import('./dialogs.ts')).then((m) => ({ default: m.SaveToCboxDialog })),
);

type Resolve = (files: StoredFile[] | undefined) => void;

/**
 * The library as a source and a destination of every uploader and gallery of the app (docs/product.md §1), through
 * the widgets' extension point (client/src/widgets/upload/attachment-sources.tsx). The shell mounts it only for users
 * who hold the library.
 */
export function CboxAttachmentSources({ children }: { children: ReactNode }) {
  const [pick, setPick] = useState<LibraryPickRequest | null>(null);
  const [save, setSave] = useState<LibrarySaveRequest | null>(null);
  const [used, setUsed] = useState(false);
  const resolver = useRef<Resolve | undefined>(undefined);

  const sources = useMemo<AttachmentSources>(
    () => ({
      pickFromLibrary: (request) =>
        new Promise<StoredFile[] | undefined>((resolve) => {
          // A second picker opened over the first answers the first with nothing.
          resolver.current?.(undefined);
          resolver.current = resolve;
          setUsed(true);
          setPick(request);
        }),
      saveToLibrary: (file) => {
        setUsed(true);
        setSave(file);
      },
    }),
    [],
  );

  const finishPick: Resolve = (files) => {
    resolver.current?.(files);
    resolver.current = undefined;
    setPick(null);
  };

  return (
    <AttachmentSourcesContext.Provider value={sources}>
      {children}
      {used ? (
        <Suspense fallback={null}>
          <CboxFilePickerDialog request={pick} onDone={finishPick} />
          <SaveToCboxDialog file={save} onClose={() => setSave(null)} />
        </Suspense>
      ) : null}
    </AttachmentSourcesContext.Provider>
  );
}
