import { useMemo } from 'react';
import { Avatar, Badge, Box, Flex, Portal, Select, Text, VisuallyHidden, createListCollection } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { NormalizedUser, UserOption } from './user-option.ts';
import { normalizeUserOption, visibleUsers } from './user-option.ts';

export type { NormalizedUser, UserOption, UserOptionV1, UserOptionV2 } from './user-option.ts';

type CommonProps = {
  label: string;
  /** Users in either API shape (docs/product.md §3); both may be mixed. */
  options: UserOption[];
  placeholder?: string;
  disabled?: boolean;
  readOnly?: boolean;
  required?: boolean;
  invalid?: boolean;
  /** Show the clear button. */
  clearable?: boolean;
};

export type UserSelectProps = CommonProps &
  (
    | { multiple?: false; value: string | null; onChange: (value: string | null) => void }
    | { multiple: true; value: string[]; onChange: (value: string[]) => void }
  );

/** Availability label of docs/product.md §4: 'Disponible' green, 'No disponible' red; nothing when unknown. */
export function AvailabilityBadge({ available }: { available: boolean | null }) {
  const { t } = useTranslation();
  if (available == null) return null;
  return (
    <Badge size="sm" colorPalette={available ? 'green' : 'red'} variant="subtle" data-available={available}>
      {available ? t('widgets.user_select.available') : t('widgets.user_select.unavailable')}
    </Badge>
  );
}

/** One user as a row: avatar, name (struck through and greyed when deleted, docs/product.md §4), login and availability. */
export function UserLine({ user, compact }: { user: NormalizedUser; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Flex align="center" gap="2" minW="0">
      <Avatar.Root size="2xs" flexShrink={0} opacity={user.isDeleted ? 0.5 : 1}>
        {user.imageUrl && <Avatar.Image src={user.imageUrl} alt="" />}
        <Avatar.Fallback>{user.acronym}</Avatar.Fallback>
      </Avatar.Root>
      <Box minW="0">
        <Text
          fontSize="sm"
          truncate
          color={user.isDeleted ? 'fg.subtle' : undefined}
          textDecoration={user.isDeleted ? 'line-through' : undefined}
          data-deleted={user.isDeleted || undefined}
        >
          {user.name}
          {user.isDeleted && <VisuallyHidden> ({t('widgets.user_select.deleted')})</VisuallyHidden>}
        </Text>
        {!compact && user.login && (
          <Text fontSize="xs" color="fg.muted" truncate>
            {user.login}
          </Text>
        )}
      </Box>
      <Box ms="auto" flexShrink={0}>
        <AvailabilityBadge available={user.isAvailable} />
      </Box>
    </Flex>
  );
}

/** docs/product.md §2 user select: single or multiple; deleted users only appear while they are selected. */
export function UserSelect(props: UserSelectProps) {
  const { t } = useTranslation();
  const { label, options, placeholder, disabled, readOnly, required, invalid, clearable } = props;
  const selected = useMemo(
    () => (props.multiple ? props.value : props.value == null ? [] : [props.value]),
    [props.multiple, props.value],
  );
  const users = useMemo(() => visibleUsers(options, selected), [options, selected]);
  const collection = useMemo(
    () => createListCollection({ items: users, itemToValue: (u) => u.value, itemToString: (u) => u.name }),
    [users],
  );
  const selectedUsers = useMemo(() => {
    const all = new Map(options.map((o) => normalizeUserOption(o)).map((u) => [u.value, u]));
    return selected.map((v) => all.get(v)).filter((u): u is NormalizedUser => u != null);
  }, [options, selected]);

  function emit(next: string[]) {
    if (props.multiple) props.onChange(next);
    else props.onChange(next[0] ?? null);
  }

  return (
    <Select.Root
      collection={collection}
      multiple={props.multiple}
      value={selected}
      onValueChange={(e) => emit(e.value)}
      disabled={disabled}
      readOnly={readOnly}
      required={required}
      invalid={invalid}
      positioning={{ sameWidth: true }}
    >
      <Select.HiddenSelect />
      <Select.Label>{label}</Select.Label>
      <Select.Control>
        <Select.Trigger>
          <Select.ValueText
            placeholder={
              placeholder ??
              (props.multiple ? t('widgets.user_select.placeholder_multiple') : t('widgets.user_select.placeholder'))
            }
          >
            {selectedUsers.length === 1 ? (
              <UserLine user={selectedUsers[0]!} compact />
            ) : selectedUsers.length > 1 ? (
              <Flex gap="1" wrap="wrap">
                {selectedUsers.map((u) => (
                  <Text
                    key={u.value}
                    as="span"
                    fontSize="sm"
                    color={u.isDeleted ? 'fg.subtle' : undefined}
                    textDecoration={u.isDeleted ? 'line-through' : undefined}
                    data-deleted={u.isDeleted || undefined}
                  >
                    {u.name}
                  </Text>
                ))}
              </Flex>
            ) : undefined}
          </Select.ValueText>
        </Select.Trigger>
        <Select.IndicatorGroup>
          {clearable && selected.length > 0 && !readOnly && (
            <Select.ClearTrigger aria-label={t('widgets.user_select.clear')} />
          )}
          <Select.Indicator />
        </Select.IndicatorGroup>
      </Select.Control>
      <Portal>
        <Select.Positioner>
          <Select.Content maxH="300px">
            {users.length === 0 && (
              <Text px="3" py="2" fontSize="sm" color="fg.muted">
                {t('widgets.user_select.empty')}
              </Text>
            )}
            {users.map((user) => (
              <Select.Item item={user} key={user.value}>
                <UserLine user={user} />
                <Select.ItemIndicator />
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Positioner>
      </Portal>
    </Select.Root>
  );
}
