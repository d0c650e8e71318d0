import { useEffect, useState } from 'react';
import { Alert, Button, Card, Grid, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { UPLOAD } from '#domain/limits';
import { FAILURE_OUTCOMES, orderManageSchema } from '#domain/schemas/after-sales';
import { serverFieldErrors } from '../../../api/errors.ts';
import { PageSpinner } from '../../../shared/layout/page-states.tsx';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import { useManageOrder } from '../api/order-mutations.ts';
import { orderQuery } from '../api/work-api.ts';
import { dateTimeText } from '../../../widgets/date-text.ts';
import { SelectField, TextAreaField, TextField } from '../../../widgets/form-fields.tsx';
import { AttachmentGallery } from '../../../widgets/upload/attachment-gallery.tsx';
import { FileUploader } from '../../../widgets/upload/file-uploader.tsx';
import type { UploadedFileItem } from '../../../widgets/upload/upload-api.ts';
import { toAttachments } from '../components/attachments.ts';
import { orderEventsAllowed } from '../components/work-machines.ts';
import { useOrderKind } from './order-kind.ts';
import { OrderStateBadge } from './order-state-badge.tsx';
import { useTicket } from './use-ticket.ts';
import { showSuccessToast } from '../../../api/notify.ts';

/** docs/product.md §2 oi|ot gestionar/{id}: the result of each failure (docs/product.md §4 outcomes) and the visit's observations. */
export function OrderManageTab() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const ticket = useTicket();
  const { kind, segment, orderId } = useOrderKind();
  const query = useQuery({ ...orderQuery(ticket.id, kind, orderId ?? 0), enabled: orderId !== null });
  const order = query.data;
  const [results, setResults] = useState<Record<number, { result: string; comment: string }>>({});
  const [observations, setObservations] = useState('');
  /** New photos of each failure's result; the ones saved before are kept and sent again. */
  const [photos, setPhotos] = useState<Record<number, UploadedFileItem[]>>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  useEffect(() => {
    if (!order) return;
    setResults(
      Object.fromEntries(order.failures.map((f) => [f.id, { result: f.result ?? '', comment: f.comment ?? '' }])),
    );
    setObservations(order.observations ?? '');
  }, [order]);
  const back = `/warranties/solicitud/${ticket.id}/${segment}`;
  const manage = useManageOrder(ticket.id, kind, orderId ?? 0);
  if (orderId !== null && query.isPending) return <PageSpinner minH="20vh" />;
  // gestionar/abc is never requested; it, like an order that is not there, is not found.
  if (!order) {
    return (
      <Alert.Root status="error" data-testid="order-not-found">
        <Alert.Indicator />
        <Alert.Title>{t('after_sales_ui.orders.not_found')}</Alert.Title>
      </Alert.Root>
    );
  }
  const canManage = orderEventsAllowed(order).includes('order.manage');

  function submit() {
    const r = validate(
      orderManageSchema,
      {
        results: order!.failures.map((f) => ({
          failure_id: f.id,
          result: results[f.id]?.result || undefined,
          comment: results[f.id]?.comment || undefined,
          attachments: [...f.attachments, ...toAttachments(photos[f.id] ?? [])],
        })),
        observations: observations || undefined,
      },
      t,
    );
    if (!r.ok) return setErrors(r.errors);
    manage.mutate(r.data, {
      onSuccess: (saved) => {
        showSuccessToast(t('after_sales_ui.toasts.order_managed', { code: saved.code }));
        navigate(back);
      },
      onError: (err) => setErrors(serverFieldErrors(err)),
    });
  }

  return (
    <Card.Root>
      <Card.Body>
        <Stack gap="4" data-testid="order-manage-form">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold">
              {t(`routes.warranties.solicitud.${segment}.gestionar.title`)} · {order.code}
            </Text>
            <OrderStateBadge state={order.state} />
            <Text textStyle="sm" color="fg.muted">
              {dateTimeText(order.start_at, i18n.language)} · {order.responsible?.full_name}
            </Text>
          </HStack>
          {!canManage ? (
            <Alert.Root status="info" size="sm">
              <Alert.Indicator />
              <Alert.Title>
                {t('after_sales_ui.orders.manage_not_allowed', { state: t(`after_sales.order_states.${order.state}`) })}
              </Alert.Title>
            </Alert.Root>
          ) : null}
          {order.failures.map((f, i) => (
            <Grid
              key={f.id}
              templateColumns={{ base: '1fr', md: '2fr 1fr 2fr' }}
              gap="3"
              alignItems="end"
              borderBottomWidth="1px"
              pb="3"
              data-testid="manage-failure"
            >
              <Text textStyle="sm">
                {f.place} › {f.item} › {f.detail}
              </Text>
              <SelectField
                label={t('after_sales_ui.orders.result')}
                required
                value={results[f.id]?.result ?? ''}
                placeholder={t('after_sales_ui.form.choose')}
                error={errors[`results.${i}.result`]}
                disabled={!canManage}
                testId={`result-${f.id}`}
                options={FAILURE_OUTCOMES.map((o) => ({ value: o, label: t(`after_sales.failure_states.${o}`) }))}
                onChange={(result) => setResults({ ...results, [f.id]: { ...results[f.id], result } })}
              />
              <TextField
                label={t('after_sales_ui.failures.comment')}
                value={results[f.id]?.comment ?? ''}
                maxLength={1000}
                disabled={!canManage}
                onChange={(comment) => setResults({ ...results, [f.id]: { ...results[f.id], comment } })}
              />
              <Stack gap="1" gridColumn="1 / -1">
                {f.attachments.length ? (
                  <AttachmentGallery files={f.attachments} label={t('after_sales_ui.orders.result_photos')} />
                ) : null}
                {canManage ? (
                  <FileUploader
                    context="general"
                    photos
                    accept={['jpg', 'jpeg', 'png', 'webp', 'heic']}
                    maxFiles={Math.max(1, UPLOAD.uploaderDefaultMaxFiles - f.attachments.length)}
                    disabled={f.attachments.length >= UPLOAD.uploaderDefaultMaxFiles}
                    label={t('after_sales_ui.orders.result_photos')}
                    value={photos[f.id] ?? []}
                    onChange={(items) => setPhotos((p) => ({ ...p, [f.id]: items }))}
                  />
                ) : null}
                {errors[`results.${i}.attachments`] ? (
                  <Text color="fg.error" textStyle="sm">
                    {errors[`results.${i}.attachments`]}
                  </Text>
                ) : null}
              </Stack>
            </Grid>
          ))}
          {errors.results ? (
            <Text color="fg.error" textStyle="sm">
              {errors.results}
            </Text>
          ) : null}
          <TextAreaField
            label={t('after_sales_ui.orders.observations')}
            value={observations}
            maxLength={2000}
            rows={3}
            disabled={!canManage}
            onChange={setObservations}
            error={errors.observations}
          />
          <HStack justify="flex-end" gap="2">
            <Button variant="outline" onClick={() => navigate(back)}>
              {t('after_sales_ui.actions.back')}
            </Button>
            {canManage ? (
              <Button colorPalette="brand" loading={manage.isPending} onClick={submit} data-testid="manage-save">
                {t('after_sales_ui.orders.manage_save')}
              </Button>
            ) : null}
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
