import { Card, Container, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame of the sign-in pages: one centred card, its title the page's heading. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container size={460} py="xl">
      <Card withBorder padding="xl" radius="md">
        <Stack gap="md">
          <Title order={1} size="h2">
            {title}
          </Title>
          {children}
        </Stack>
      </Card>
    </Container>
  );
}
