import { Anchor, Drawer, Group, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { SUPPORT_CHAT_PATH } from '@openbourse/contracts/constants';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isMobileUserAgent } from '../../shared/device/device';
import { Loading } from '../../shared/ui/QueryState';
import { SupportChat } from './SupportChat';
import { useSupportTexts } from './support-i18n';
import { useSupportChat } from './use-support-chat';

/**
 * The floating support panel (issue 20), loaded on the first click of the floating button: a
 * labelled dialog (a drawer; the whole screen on a phone) that takes the focus, keeps it inside,
 * closes on Escape; the launcher gives the focus back to what opened it. It stays mounted once loaded, so
 * the agents' messages still arrive (and are marked delivered) while it is closed.
 */
export default function SupportWidget({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const hasTexts = useSupportTexts();
  const isNarrow = useMediaQuery('(max-width: 48em)') ?? false;
  const isPhone = isNarrow || isMobileUserAgent(navigator.userAgent);
  const chat = useSupportChat({ isVisible: opened });
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      // The launcher gives the focus back to what opened the chat (a link or the button).
      returnFocus={false}
      size={isPhone ? '100%' : 440}
      title={
        <Group gap="sm" wrap="nowrap">
          <Text component="span" fw={700}>
            {t('support.title')}
          </Text>
          {hasTexts && (
            <Anchor component={Link} to={SUPPORT_CHAT_PATH} size="xs" onClick={onClose}>
              {t('supportChat.chat.openPage')}
            </Anchor>
          )}
        </Group>
      }
      closeButtonProps={{ 'aria-label': hasTexts ? t('supportChat.chat.close') : t('app.close') }}
      classNames={{ content: 'ob-support-drawer', body: 'ob-support-drawer-body' }}
      data-testid="support-panel"
    >
      {hasTexts ? <SupportChat chat={chat} onLeave={onClose} /> : <Loading />}
    </Drawer>
  );
}
