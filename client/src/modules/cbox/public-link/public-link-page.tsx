import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, Field, Heading, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatBytes } from '#domain/files';
import type { CboxPublicLink } from '#domain/cbox-responses';
import { isApiError } from '../../../api/errors.ts';
import { formatDate } from '../../../shared/format.ts';
import type { AppLocale } from '../../../shared/i18n.ts';
import { linkState, publicLinkFileUrl, publicLinkQuery, useUnlockLink } from './public-link-api.ts';

/**
 * /compartido/{token}: what a Cbox share link shows a person outside the company (docs/api.md, Cbox), outside the
 * signed-in shell: the company, the folder or file, until when the link works, its password form when it has one,
 * and every file with its size and a download button.
 */
export function PublicLinkPage() {
  const { token = '' } = useParams();
  const { t } = useTranslation();
  const link = useQuery(publicLinkQuery(token));
  return (
    <Box minH="100dvh" bg="bg.subtle" px={{ base: '3', sm: '6' }} py={{ base: '4', sm: '10' }}>
      <Box as="main" maxW="2xl" mx="auto">
        {link.isPending ? (
          <Stack align="center" py="16" role="status" aria-live="polite">
            <Spinner />
            <Text>{t('cbox_ui.public_link.loading')}</Text>
          </Stack>
        ) : link.isError ? (
          <LinkProblem token={token} state={linkState(link.error)} />
        ) : (
          <LinkContents token={token} link={link.data} />
        )}
      </Box>
    </Box>
  );
}

function LinkProblem({ token, state }: { token: string; state: ReturnType<typeof linkState> }) {
  const { t } = useTranslation();
  if (state === 'password') return <PasswordForm token={token} />;
  return (
    <Card.Root>
      <Card.Body>
        <Stack gap="3">
          <Heading as="h1" size="lg">
            {t(state === 'unavailable' ? 'cbox_ui.public_link.unavailable_title' : 'cbox_ui.public_link.failed_title')}
          </Heading>
          <Text color="fg.muted">
            {t(state === 'unavailable' ? 'cbox_ui.public_link.unavailable' : 'cbox_ui.public_link.failed')}
          </Text>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function PasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const unlock = useUnlockLink(token);
  function submit(e: FormEvent) {
    e.preventDefault();
    if (!password) return setError(t('validation.required'));
    setError('');
    unlock.mutate(password, {
      onError: (err) => setError(isApiError(err) && err.message ? err.message : t('cbox_ui.public_link.failed')),
    });
  }
  return (
    <Card.Root>
      <Card.Body>
        <form onSubmit={submit} noValidate data-testid="public-link-password">
          <Stack gap="4">
            <Heading as="h1" size="lg">
              {t('cbox_ui.public_link.password_title')}
            </Heading>
            <Text color="fg.muted" textStyle="sm">
              {t('cbox_ui.public_link.password_intro')}
            </Text>
            <Field.Root invalid={Boolean(error)} required>
              <Field.Label>{t('cbox_ui.public_link.password')}</Field.Label>
              <Input
                type="password"
                autoComplete="off"
                autoFocus
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              <Field.ErrorText>{error}</Field.ErrorText>
            </Field.Root>
            <Button type="submit" colorPalette="brand" loading={unlock.isPending} width="full">
              {t('cbox_ui.public_link.unlock')}
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

function LinkContents({ token, link }: { token: string; link: CboxPublicLink }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as AppLocale;
  const total = link.files.reduce((sum, f) => sum + f.size, 0);
  return (
    <Stack gap="4">
      <Stack gap="1">
        <Text textStyle="sm" color="fg.muted">
          {t('cbox_ui.public_link.shared_by', { company: link.company })}
        </Text>
        <Heading as="h1" size="xl" wordBreak="break-word">
          {link.name}
        </Heading>
        <Text textStyle="sm" color="fg.muted">
          {t('cbox_ui.public_link.expires', { date: formatDate(link.expires_at, locale, { dateStyle: 'long' }) })}
        </Text>
      </Stack>
      {link.files.length === 0 ? (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>{t('cbox_ui.public_link.empty')}</Alert.Title>
        </Alert.Root>
      ) : (
        <Card.Root>
          <Card.Header>
            <Text textStyle="sm" color="fg.muted">
              {t('cbox_ui.public_link.summary', { count: link.files.length, size: formatBytes(total) })}
            </Text>
          </Card.Header>
          <Card.Body pt="0">
            <Stack as="ul" gap="0" listStyleType="none" aria-label={t('cbox_ui.public_link.files')}>
              {link.files.map((file) => (
                <Box
                  as="li"
                  key={file.id}
                  display="flex"
                  alignItems="center"
                  gap="3"
                  py="3"
                  borderTopWidth="1px"
                  _first={{ borderTopWidth: 0 }}
                >
                  <Box flex="1" minW="0">
                    <Text fontWeight="medium" truncate title={file.name}>
                      {file.name}
                    </Text>
                    <Text textStyle="xs" color="fg.muted" truncate>
                      {[file.trail.join(' / '), formatBytes(file.size)].filter(Boolean).join(' · ')}
                    </Text>
                  </Box>
                  <Button asChild size="sm" variant="outline" flexShrink={0}>
                    <a
                      href={publicLinkFileUrl(token, file.id, true)}
                      download={file.name}
                      aria-label={t('cbox_ui.public_link.download_file', { name: file.name })}
                    >
                      {t('cbox_ui.public_link.download')}
                    </a>
                  </Button>
                </Box>
              ))}
            </Stack>
          </Card.Body>
        </Card.Root>
      )}
    </Stack>
  );
}
