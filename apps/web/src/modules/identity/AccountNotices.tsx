import { Alert, Button, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { session } from './session';

/** A notice's words, in the reader's language: its title, what it says, and its button. */
type NoticeTexts = { testId: string; title: string; text: string; action: string };

/** A visitor is asked to sign in, and comes back to `from` afterwards. */
export function SignInNotice({ testId, title, text, action, from }: NoticeTexts & { from: string }) {
  return (
    <Alert color="blue" role="status" data-testid={testId} title={title}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{text}</Text>
        <Button component={Link} to="/pass/login" state={{ from }} size="sm">
          {action}
        </Button>
      </Stack>
    </Alert>
  );
}

/**
 * SPEC §4 "Account mode": what is for the live account only (the API answers DEMO_NOT_ALLOWED);
 * a demo account is offered the switch to the live one, and every query is asked again.
 */
export function LiveOnlyNotice({ testId, title, text, action }: NoticeTexts) {
  const queryClient = useQueryClient();
  return (
    <Alert color="yellow" role="status" data-testid={testId} title={title}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{text}</Text>
        <Button
          size="sm"
          onClick={() => {
            session.setMode('live');
            void queryClient.invalidateQueries();
          }}
        >
          {action}
        </Button>
      </Stack>
    </Alert>
  );
}
