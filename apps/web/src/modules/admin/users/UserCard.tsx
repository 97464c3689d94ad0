import { Card, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** One part of the user page: a section named by its heading (h2). */
export function UserCard({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/** Facts as a description list: each term and its value on one line, wrapping on narrow screens. */
export function Facts({ items }: { items: ReadonlyArray<{ term: string; value: ReactNode }> }) {
  return (
    <Stack component="dl" gap={6} m={0}>
      {items.map(({ term, value }) => (
        <div key={term} style={{ display: 'flex', flexWrap: 'wrap', columnGap: 12 }}>
          <Text component="dt" size="sm" c="dimmed" miw={140}>
            {term}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere', flex: '1 1 200px' }}>
            {value}
          </Text>
        </div>
      ))}
    </Stack>
  );
}
