import { Button, Group, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

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
  const [outcome, setOutcome] = useState<'copied' | 'failed' | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(value);
      setOutcome('copied');
    } catch {
      setOutcome('failed');
    }
    timer.current = setTimeout(() => setOutcome(null), 4000);
  };
  return (
    <Group gap="xs" mt={mt}>
      <Button variant="light" size="sm" onClick={() => void copy()} data-testid={testId}>
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
