import { useState } from 'react';
import { Badge, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Download, FileText, PenLine } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { acSignSchema } from '#domain/acs';
import { showSuccessToast } from '../../api/notify.ts';
import { dateTimeText } from '../../widgets/date-text.ts';
import { SignDialog } from '../../widgets/sign-dialog.tsx';
import { downloadFile } from '../../widgets/upload/download.ts';
import type { PortalAc } from './api/portal-api.ts';
import { usePortalAcPdf, useSignPortalAc } from './api/portal-mutations.ts';

const nameSchema = acSignSchema.pick({ signer_name: true });
const PALETTE: Record<string, string> = {
  pendiente: 'gray',
  conforme: 'green',
  no_conforme: 'orange',
  rechazada: 'red',
};
/** The portal is made for phones first: 44 px targets (docs/product.md#owner-portal). */
const touch = { minH: '44px' } as const;

function AcCard({
  ac,
  previewing,
  onPreview,
  onSign,
}: {
  ac: PortalAc;
  previewing: boolean;
  onPreview: () => void;
  onSign: () => void;
}) {
  const { t, i18n } = useTranslation();
  const signedPdf = ac.signed_pdf;
  return (
    <Card.Root size="sm" data-testid="portal-ac" data-state={ac.state}>
      <Card.Body>
        <Stack gap="2">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold">{ac.code}</Text>
            <Badge colorPalette={PALETTE[ac.state] ?? 'gray'}>{t(`after_sales.ac_states.${ac.state}`)}</Badge>
          </HStack>
          <Stack gap="1" as="ul" aria-label={t('portal.ac.failures')} listStyleType="none">
            {ac.failures.map((f) => (
              <HStack as="li" key={f.id} justify="space-between" textStyle="sm" gap="2">
                <Text>
                  {f.place} › {f.item} › {f.detail}
                </Text>
                <Text color="fg.muted" flexShrink={0}>
                  {t(`after_sales.failure_states.${f.state}`)}
                </Text>
              </HStack>
            ))}
          </Stack>
          {ac.reply ? (
            <Text textStyle="sm" color="fg.muted">
              «{ac.reply}»
            </Text>
          ) : null}
          {ac.signed_at ? (
            <Text textStyle="sm" color="green.fg" data-testid="portal-ac-signed">
              {t('portal.ac.signed', { name: ac.signer_name ?? '', date: dateTimeText(ac.signed_at, i18n.language) })}
            </Text>
          ) : ac.state === 'pendiente' ? (
            <Text textStyle="sm" color="fg.muted">
              {t('portal.ac.awaiting_answer')}
            </Text>
          ) : !ac.can_sign ? (
            <Text textStyle="sm" color="fg.muted">
              {t('portal.ac.not_signable')}
            </Text>
          ) : null}
          <Stack direction={{ base: 'column', sm: 'row' }} gap="2">
            {signedPdf ? (
              <Button
                variant="outline"
                {...touch}
                onClick={() => void downloadFile(signedPdf.path, { name: signedPdf.name, withCredentials: true })}
              >
                <Download size={16} />
                {t('portal.ac.download_signed')}
              </Button>
            ) : (
              <Button variant="outline" {...touch} loading={previewing} onClick={onPreview} data-testid="portal-ac-pdf">
                <FileText size={16} />
                {t('portal.ac.preview')}
              </Button>
            )}
            {ac.can_sign ? (
              <Button colorPalette="brand" {...touch} onClick={onSign} data-testid="portal-ac-sign">
                <PenLine size={16} />
                {t('portal.ac.sign')}
              </Button>
            ) : null}
          </Stack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * The conformity acts of the owner's ticket (docs/product.md#ac-sign-off): each with its failures and answer,
 * the PDF to review (a preview until signed), and the sign-off once the team recorded the answer.
 */
export function PortalAcList({ ticketId, acs, ownerName }: { ticketId: number; acs: PortalAc[]; ownerName: string }) {
  const { t } = useTranslation();
  const [signing, setSigning] = useState<PortalAc | null>(null);
  const sign = useSignPortalAc(ticketId);
  const pdf = usePortalAcPdf(ticketId);
  if (!acs.length) return null;
  return (
    <Stack gap="2" as="section" aria-label={t('portal.ac.title')}>
      <Heading as="h2" size="md">
        {t('portal.ac.title')}
      </Heading>
      {acs.some((a) => a.can_sign) ? (
        <Text textStyle="sm" color="fg.muted">
          {t('portal.ac.intro')}
        </Text>
      ) : null}
      {acs.map((ac) => (
        <AcCard
          key={ac.id}
          ac={ac}
          previewing={pdf.isPending && pdf.variables?.id === ac.id}
          onPreview={() => pdf.mutate(ac)}
          onSign={() => setSigning(ac)}
        />
      ))}
      <SignDialog
        open={signing !== null}
        title={t('portal.ac.sign_title', { code: signing?.code ?? '' })}
        description={t('portal.ac.sign_intro')}
        nameLabel={t('portal.ac.signer_name')}
        signatureLabel={t('portal.ac.signature')}
        signatureRequired={t('portal.ac.signature_required')}
        submitLabel={t('portal.ac.submit')}
        cancelLabel={t('portal.cancel')}
        defaultName={ownerName.trim()}
        nameSchema={nameSchema}
        onClose={() => setSigning(null)}
        onSubmit={async ({ signerName, signature }) => {
          if (!signing) return;
          await sign.mutateAsync({ acId: signing.id, signerName, signature });
          showSuccessToast(t('portal.ac.done', { code: signing.code }));
        }}
      />
    </Stack>
  );
}
