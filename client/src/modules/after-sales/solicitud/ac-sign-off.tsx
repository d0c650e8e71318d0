import { useState, type ReactNode } from 'react';
import { Button, HStack, Text } from '@chakra-ui/react';
import { Download, FileText, PenLine } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { acSignSchema } from '#domain/acs';
import { showSuccessToast } from '../../../api/notify.ts';
import { dateTimeText } from '../../../widgets/date-text.ts';
import { SignDialog } from '../../../widgets/sign-dialog.tsx';
import { downloadFile } from '../../../widgets/upload/download.ts';
import { useAcPdfDownload, useSignAc } from '../api/ac-mutations.ts';
import type { AcView } from '../api/types.ts';

const nameSchema = acSignSchema.pick({ signer_name: true });
/** Phones get 44 px targets (docs/product.md#ac-sign-off: signed on the agent's phone). */
const touch = { minH: { base: '44px', md: 'auto' } } as const;

export type AcSignActions = {
  preview: (ac: AcView) => void;
  previewing: number | null;
  startSigning: (ac: AcView) => void;
};

/**
 * One sign-off dialog and one PDF download for the whole AC list (docs/modules.md §5: a list runs one hook for
 * all its rows): what the cards call, and the dialog to render once beside them.
 */
export function useAcSignOff(ticketId: number, ownerName: string): { actions: AcSignActions; dialog: ReactNode } {
  const { t } = useTranslation();
  const [signing, setSigning] = useState<AcView | null>(null);
  const sign = useSignAc(ticketId);
  const pdf = useAcPdfDownload(ticketId);
  const actions: AcSignActions = {
    preview: (ac) => pdf.mutate(ac),
    previewing: pdf.isPending ? (pdf.variables?.id ?? null) : null,
    startSigning: setSigning,
  };
  const dialog = (
    <SignDialog
      open={signing !== null}
      title={t('after_sales_ui.ac.sign.title', { code: signing?.code ?? '' })}
      description={t('after_sales_ui.ac.sign.intro')}
      nameLabel={t('after_sales_ui.ac.sign.signer_name')}
      signatureLabel={t('after_sales_ui.ac.sign.signature')}
      signatureRequired={t('after_sales_ui.ac.sign.signature_required')}
      submitLabel={t('after_sales_ui.ac.sign.submit')}
      cancelLabel={t('after_sales_ui.ac.sign.cancel')}
      defaultName={ownerName.trim()}
      nameSchema={nameSchema}
      onClose={() => setSigning(null)}
      onSubmit={async ({ signerName, signature }) => {
        if (!signing) return;
        await sign.mutateAsync({ acId: signing.id, signerName, signature });
        showSuccessToast(t('after_sales_ui.ac.sign.done', { code: signing.code }));
      }}
    />
  );
  return { actions, dialog };
}

/**
 * An AC card's sign-off line (docs/product.md#ac-sign-off): who signed and when, the act as a PDF (a preview
 * until signed), the signed file, and "Firmar acta" while the machine allows it.
 */
export function AcSignOff({ ac, canSign, actions }: { ac: AcView; canSign: boolean; actions: AcSignActions }) {
  const { t, i18n } = useTranslation();
  const signedPdf = ac.signed_pdf;
  return (
    <>
      {ac.signed_at ? (
        <Text textStyle="sm" color="green.fg" data-testid="ac-signed">
          {t('after_sales_ui.ac.sign.signed', {
            name: ac.signer_name ?? '',
            date: dateTimeText(ac.signed_at, i18n.language),
          })}
          {ac.signed_via ? ` (${t(`after_sales_ui.ac.sign.via.${ac.signed_via}`)})` : ''}
        </Text>
      ) : null}
      <HStack gap="2" wrap="wrap">
        {canSign ? (
          <Button
            size="xs"
            colorPalette="brand"
            onClick={() => actions.startSigning(ac)}
            data-testid="ac-sign"
            {...touch}
          >
            <PenLine size={14} />
            {t('after_sales_ui.ac.sign.open')}
          </Button>
        ) : null}
        {signedPdf ? (
          <Button
            size="xs"
            variant="outline"
            onClick={() => void downloadFile(signedPdf.path, { name: signedPdf.name, withCredentials: true })}
            data-testid="ac-signed-pdf"
            {...touch}
          >
            <Download size={14} />
            {t('after_sales_ui.ac.sign.download_signed')}
          </Button>
        ) : (
          <Button
            size="xs"
            variant="outline"
            loading={actions.previewing === ac.id}
            onClick={() => actions.preview(ac)}
            data-testid="ac-pdf"
            {...touch}
          >
            <FileText size={14} />
            {t('after_sales_ui.ac.sign.preview')}
          </Button>
        )}
      </HStack>
    </>
  );
}
