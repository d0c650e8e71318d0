import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CboxFileItem } from '#domain/cbox-responses';
import { fileContentUrl } from '../api/files-api.ts';
import { ImagePreview } from './image-preview.tsx';
import { PdfPreview } from './pdf-preview.tsx';
import { previewKindOf } from './preview-kind.ts';
import { PreviewUnavailable } from './preview-unavailable.tsx';
import { TextPreview } from './text-preview.tsx';

const mediaStyle = { maxWidth: '100%', maxHeight: '100%' } as const;

/**
 * The file shown by its kind (preview-kind.ts), always read through the inline URL so the server logs 'viewed'. What
 * the browser cannot show (or fails to: an AVI, a broken image) says so and offers the download.
 */
export function FilePreview({ file, onDownload }: { file: CboxFileItem; onDownload: () => void }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  useEffect(() => setFailed(false), [file.id, file.version]);
  const url = fileContentUrl(file.id, { inline: true });
  const kind = failed ? 'none' : previewKindOf(file);
  switch (kind) {
    case 'image':
      return <ImagePreview url={url} name={file.name} onBroken={() => setFailed(true)} />;
    case 'pdf':
      return <PdfPreview url={url} name={file.name} />;
    case 'video':
      return (
        <video
          src={url}
          controls
          aria-label={file.name}
          style={mediaStyle}
          onError={() => setFailed(true)}
          data-testid="preview-video"
        />
      );
    case 'audio':
      return (
        <audio src={url} controls aria-label={file.name} onError={() => setFailed(true)} data-testid="preview-audio" />
      );
    case 'text':
      return <TextPreview file={file} />;
    case 'bim':
      return <PreviewUnavailable message={t('cbox_ui.preview.bim_unavailable')} onDownload={onDownload} />;
    case 'none':
      return <PreviewUnavailable message={t('cbox_ui.preview.unavailable')} onDownload={onDownload} />;
  }
}
