import { Badge } from '@chakra-ui/react';
import { CheckCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * docs/product.md §4 "The work moves the ticket": every failure dealt with and every AC conforming, so
 * the ticket is proposed for resolution. A signal only: a person resolves it.
 */
export function ReadyToResolveBadge({ size = 'sm', compact }: { size?: 'xs' | 'sm'; compact?: boolean }) {
  const { t } = useTranslation();
  const name = t('after_sales_ui.ready_to_resolve');
  return (
    <Badge
      colorPalette="green"
      variant="surface"
      size={size}
      title={
        compact ? `${name}: ${t('after_sales_ui.ready_to_resolve_hint')}` : t('after_sales_ui.ready_to_resolve_hint')
      }
      aria-label={compact ? name : undefined}
      role={compact ? 'img' : undefined}
      data-testid="ready-to-resolve"
    >
      <CheckCheck aria-hidden="true" size={12} />
      {compact ? null : name}
    </Badge>
  );
}
