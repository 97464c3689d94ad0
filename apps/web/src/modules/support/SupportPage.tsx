import { Container, Paper, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SupportChat } from './SupportChat';
import { WithSupportTexts } from './support-i18n';
import { useSupportChat } from './use-support-chat';
import './support.css';

/** The support chat as a page (SUPPORT_CHAT_PATH, `/support`): what the built-in chat link opens. */
export default function SupportPage() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="lg">
      <Title order={1} size="h2" mb="md">
        {t('support.title')}
      </Title>
      <WithSupportTexts>
        <Paper withBorder radius="md" p="md" className="ob-support-page">
          <PageChat />
        </Paper>
      </WithSupportTexts>
    </Container>
  );
}

function PageChat() {
  const chat = useSupportChat({ isVisible: true });
  return <SupportChat chat={chat} />;
}
