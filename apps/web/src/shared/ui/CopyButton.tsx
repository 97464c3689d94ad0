import { Button, Group, Text } from '@mantine/core';
import { useCopy } from './use-copy';

/**
 * A copy button that says, to everyone (a polite live region), whether the copy worked. The
 * texts come from the screen using it, so each module keeps its own (lazy) texts.
 */
export function CopyButton({
  value,
  label,
  copiedText,
  failedText,
  testId,
  mt,
}: {
  value: string;
  label: string;
  copiedText: string;
  failedText: string;
  testId?: string;
  mt?: number;
}) {
  const { outcome, copy } = useCopy(value, 4000);
  return (
    <Group gap="xs" mt={mt}>
      <Button variant="light" size="sm" onClick={copy} data-testid={testId}>
        {label}
      </Button>
      <Text
        size="sm"
        role="status"
        aria-live="polite"
        c={outcome === 'failed' ? 'red' : 'teal'}
        data-testid={testId ? `${testId}-status` : undefined}
      >
        {outcome === 'copied' ? copiedText : outcome === 'failed' ? failedText : ''}
      </Text>
    </Group>
  );
}
