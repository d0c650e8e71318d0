import { useCallback, useRef, useState } from 'react';
import { Badge, Box, Button, HStack, Image, Stack, Tabs, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Trash2, Upload } from 'lucide-react';
import { UPLOAD } from '#domain/limits';
import { showErrorToast, showSuccessToast } from '../../../api/notify.ts';
import type { AuthUser } from '../../../api/session/auth-user.ts';
import { useRemoveSignature, useSaveSignature } from './account-api.ts';
import { SectionCard } from './section-card.tsx';
import { SignatureCanvas, type SignatureCanvasHandle } from './signature-canvas.tsx';

const ACCEPTED = ['image/png', 'image/jpeg'];

/** Signature (docs/product.md §2 cuenta): drawn on a pad or uploaded as a .png/.jpg image, then verified by the company. */
export function SignatureSection({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const pad = useRef<SignatureCanvasHandle>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [isPadEmpty, setPadEmpty] = useState(true);
  const [file, setFile] = useState<File | null>(null);
  const onPadChange = useCallback((empty: boolean) => setPadEmpty(empty), []);

  const save = useSaveSignature();
  const remove = useRemoveSignature();
  const saveImage = (image: Blob) =>
    save.mutate(image, {
      onSuccess: (answer) => {
        showSuccessToast(answer.message);
        pad.current?.clear();
        setFile(null);
      },
    });

  const saveDrawing = async () => {
    const blob = await pad.current?.toBlob();
    if (blob) saveImage(blob);
  };
  const pick = (f: File | undefined) => {
    if (!f) return;
    if (!ACCEPTED.includes(f.type)) return showErrorToast(422, t('account.page.signature.only_images'));
    if (f.size > UPLOAD.generalMaxBytes) return showErrorToast(422, t('validation.file_size', { size: '20 MB' }));
    setFile(f);
  };

  return (
    <SectionCard
      title={t('account.page.signature.title')}
      description={t('account.page.signature.description')}
      testId="account-signature"
    >
      <Stack gap="5">
        <HStack gap="4" align="center" wrap="wrap">
          <Box
            w="48"
            h="20"
            borderWidth="1px"
            borderRadius="md"
            bg="bg.subtle"
            display="grid"
            placeItems="center"
            overflow="hidden"
          >
            {user.signature_url ? (
              <Image
                src={user.signature_url}
                alt={t('account.page.signature.current')}
                maxH="full"
                maxW="full"
                objectFit="contain"
              />
            ) : (
              <Text textStyle="xs" color="fg.muted" px="2" textAlign="center">
                {t('account.page.signature.none')}
              </Text>
            )}
          </Box>
          {user.signature_url ? (
            <Stack gap="2" align="flex-start">
              <Badge colorPalette={user.signature_verified ? 'green' : 'orange'}>
                {t(user.signature_verified ? 'account.page.signature.verified' : 'account.page.signature.unverified')}
              </Badge>
              <Button
                size="xs"
                variant="outline"
                colorPalette="red"
                loading={remove.isPending}
                onClick={() => remove.mutate(undefined, { onSuccess: (answer) => showSuccessToast(answer.message) })}
              >
                <Trash2 aria-hidden />
                {t('account.page.signature.remove')}
              </Button>
            </Stack>
          ) : null}
        </HStack>
        <Tabs.Root defaultValue="draw" variant="line" lazyMount>
          <Tabs.List>
            <Tabs.Trigger value="draw">{t('account.page.signature.draw')}</Tabs.Trigger>
            <Tabs.Trigger value="upload">{t('account.page.signature.upload')}</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="draw">
            <Stack gap="3">
              <SignatureCanvas ref={pad} onChange={onPadChange} />
              <HStack gap="2">
                <Button variant="outline" size="sm" onClick={() => pad.current?.clear()} disabled={isPadEmpty}>
                  {t('account.page.signature.clear')}
                </Button>
                <Button
                  colorPalette="brand"
                  size="sm"
                  onClick={() => void saveDrawing()}
                  disabled={isPadEmpty}
                  loading={save.isPending}
                >
                  {t('account.page.signature.save')}
                </Button>
              </HStack>
            </Stack>
          </Tabs.Content>
          <Tabs.Content value="upload">
            <Stack gap="3" align="flex-start">
              <input
                ref={fileInput}
                type="file"
                accept=".png,.jpg,.jpeg,image/png,image/jpeg"
                hidden
                data-testid="signature-file-input"
                onChange={(e) => {
                  pick(e.target.files?.[0]);
                  e.target.value = '';
                }}
              />
              <Button variant="outline" size="sm" onClick={() => fileInput.current?.click()}>
                <Upload aria-hidden />
                {t('account.page.signature.choose_file')}
              </Button>
              <Text textStyle="xs" color="fg.muted">
                {t('account.page.signature.file_hint')}
              </Text>
              {file ? (
                <Text textStyle="sm" data-testid="signature-file">
                  {file.name}
                </Text>
              ) : null}
              <Button
                colorPalette="brand"
                size="sm"
                disabled={!file}
                loading={save.isPending}
                onClick={() => file && saveImage(file)}
              >
                {t('account.page.signature.save')}
              </Button>
            </Stack>
          </Tabs.Content>
        </Tabs.Root>
      </Stack>
    </SectionCard>
  );
}
