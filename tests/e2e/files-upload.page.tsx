/**
 * A page holding only the file uploader (the widget under test), built by files-upload.e2e.ts and
 * served by the real server, so the upload goes browser → upload-url → signed PUT like in the app.
 * The emitted value is kept on window for the test to read.
 */
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '../../client/src/app/theme.ts';
import { i18n, setupI18n } from '../../client/src/shared/i18n.ts';
// The client build ships only the first screens' strings up front; this page needs the files ones.
import spanish from '../../locales/es.json?raw';
import { FileUploader } from '../../client/src/widgets/upload/file-uploader.tsx';
import type { UploadedFileItem } from '../../client/src/widgets/upload/upload-api.ts';

declare global {
  interface Window {
    uploaded?: UploadedFileItem[];
  }
}

setupI18n('es');
i18n.addResourceBundle('es', 'translation', JSON.parse(spanish) as Record<string, unknown>, true, true);

function Harness() {
  const [files, setFiles] = useState<UploadedFileItem[]>([]);
  return (
    <ChakraProvider value={system}>
      <main style={{ maxWidth: 640, margin: '24px auto' }}>
        <FileUploader
          label="Archivos"
          value={files}
          onChange={(next) => {
            window.uploaded = next;
            setFiles(next);
          }}
        />
      </main>
    </ChakraProvider>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Harness />
  </StrictMode>,
);
