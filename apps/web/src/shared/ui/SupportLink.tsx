import { Anchor } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { contentEndpoints, SUPPORT_CHAT_PATH } from '@openbourse/contracts/constants';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { callApi } from '../api/client';
import { errorMessage } from '../api/errors';
import { isOwnSupportChatUrl, openSupportChat } from '../support-chat';

/**
 * "Online support" / "Contact support": asks the server for the chat page (SPEC §7). The built-in
 * chat (its answer is this app's SUPPORT_CHAT_PATH, issue 20) opens in the floating panel (or
 * its page where no panel is mounted); a deployment's outside chat (SUPPORT_CHAT_URL) opens in a
 * new window. A refusal says why.
 */
export function SupportLink({ label, className = 'ob-footer-link' }: { label?: string; className?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = async () => {
    try {
      const { url } = await callApi(contentEndpoints.customerServiceType, { body: { type: 'online_service' } });
      if (isOwnSupportChatUrl(url, SUPPORT_CHAT_PATH)) {
        if (!openSupportChat()) void navigate(SUPPORT_CHAT_PATH);
        return;
      }
      window.open(url, '_blank', 'noopener,noreferrer');
    } catch (error) {
      notifications.show({ color: 'yellow', message: errorMessage(error), autoClose: 4000 });
    }
  };
  return (
    <Anchor component="button" type="button" onClick={() => void open()} className={className}>
      {label ?? t('footer.onlineSupport')}
    </Anchor>
  );
}
