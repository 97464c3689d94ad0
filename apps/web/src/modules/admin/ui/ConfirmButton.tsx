import { Button, type ButtonProps, Group, type MantineColor, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Props = ButtonProps & {
  /** The button's own text. */
  children: ReactNode;
  /** The dialog's title: what is about to happen. */
  title: string;
  /** What will change, in full (amounts, who, which book), so nothing is a surprise. */
  message: ReactNode;
  /** The confirming button's text (defaults to "Confirm"). */
  confirmLabel?: string;
  /**
   * The confirming button's fill when it differs from the button's own colour: a filled button
   * needs a shade white text reads on (4.5:1), a light or outlined one the theme-aware colour.
   */
  confirmColor?: MantineColor;
  /** Runs on confirmation; the dialog closes when it resolves and stays open (the error toasted) when it throws. */
  onConfirm: () => Promise<unknown>;
  disabled?: boolean;
  /** Asked before the dialog opens: false keeps it closed (e.g. the form beside it shows its problems instead). */
  canOpen?: () => boolean;
};

/**
 * A button that asks before it acts: every money movement and every change to a user or a
 * setting in the back office goes through one (#14). The dialog names the change; Escape or
 * Cancel leaves everything as it was.
 */
export function ConfirmButton({
  children,
  title,
  message,
  confirmLabel,
  confirmColor,
  onConfirm,
  disabled,
  canOpen,
  ...button
}: Props) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const [isRunning, setRunning] = useState(false);
  const confirm = async () => {
    setRunning(true);
    try {
      await onConfirm();
      close();
    } catch {
      // The mutation's error toast says what went wrong; the dialog stays for another try.
    } finally {
      setRunning(false);
    }
  };
  return (
    <>
      <Button
        {...button}
        disabled={disabled}
        onClick={() => {
          if (canOpen === undefined || canOpen()) open();
        }}
      >
        {children}
      </Button>
      <Modal opened={opened} onClose={close} title={title} centered closeButtonProps={{ 'aria-label': t('app.close') }}>
        <Stack>
          <Text size="sm" component="div">
            {message}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={isRunning}>
              {t('admin.shell.confirm.cancel')}
            </Button>
            <Button
              color={confirmColor ?? button.color}
              loading={isRunning}
              onClick={() => void confirm()}
              data-autofocus
            >
              {confirmLabel ?? t('admin.shell.confirm.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
