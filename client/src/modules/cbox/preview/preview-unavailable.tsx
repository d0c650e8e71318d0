import { Button, Stack, Text } from '@chakra-ui/react';
import { Download, FileQuestion } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** A file the browser cannot show: says so and offers its download (docs/product.md §2 Cbox preview). */
export function PreviewUnavailable({ message, onDownload }: { message: string; onDownload: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="4" py="10" px="4" textAlign="center" role="status" data-testid="preview-unavailable">
      <FileQuestion size={48} aria-hidden />
      <Text maxW="md">{message}</Text>
      <Button colorPalette="brand" minH="44px" onClick={onDownload} data-testid="preview-unavailable-download">
        <Download size={16} aria-hidden />
        {t('cbox_ui.preview.download')}
      </Button>
    </Stack>
  );
}
