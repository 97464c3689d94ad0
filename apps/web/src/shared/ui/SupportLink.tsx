import { Anchor } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { contentEndpoints } from '@openbourse/contracts/constants';
import { useTranslation } from 'react-i18next';
import { callApi } from '../api/client';
import { errorMessage } from '../api/errors';

/** "Online support": asks the server for the chat page (SPEC §7) and opens it, or says why not. */
export function SupportLink() {
  const { t } = useTranslation();
  const open = async () => {
    try {
      const { url } = await callApi(contentEndpoints.customerServiceType, { body: { type: 'online_service' } });
      window.open(url, '_blank', 'noopener,noreferrer');
    } catch (error) {
      notifications.show({ color: 'yellow', message: errorMessage(error), autoClose: 4000 });
    }
  };
  return (
    <Anchor component="button" type="button" onClick={() => void open()} className="ob-footer-link">
      {t('footer.onlineSupport')}
    </Anchor>
  );
}
