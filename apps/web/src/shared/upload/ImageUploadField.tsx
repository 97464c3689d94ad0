import { Alert, Button, FileButton, Group, Image, Paper, Progress, Stack, Text } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/errors';
import { uploadImage } from './upload-image';

/** What the picker offers; the server checks the content whatever the browser lets through. */
const ACCEPT = 'image/jpeg,image/png,image/jp2,.jpg,.jpeg,.png,.jp2';

type Props = {
  label: string;
  /** The uploaded file's id, or null while there is none. */
  value: string | null;
  onChange: (id: string | null) => void;
  /** Shown under the label; the formats hint when absent. */
  description?: string;
  required?: boolean;
  disabled?: boolean;
  /** An error from the form around the field (e.g. "required"), shown with the field's own. */
  error?: string;
  /** The longest side a photo is reduced to before sending (the uploads client's default otherwise). */
  maxSide?: number;
  /** Draw every photo again before sending, so no EXIF leaves the device (KYC, #17). */
  reencode?: boolean;
  /** Told the file chosen once it is uploaded (for a later preview), and null when it is removed. */
  onPicked?: (file: File | null) => void;
  'data-testid'?: string;
};

/**
 * One image to upload (issue 15), for any screen that needs one: a labelled button opens the
 * picker, the photo is reduced and uploaded at once with a progress bar, a preview and a remove
 * button follow; a refusal shows the catalogue's message in the user's language. The form keeps
 * only the upload's id (`value`).
 */
export function ImageUploadField({
  label,
  value,
  onChange,
  description,
  required,
  disabled,
  error,
  maxSide,
  reencode,
  onPicked,
  'data-testid': testId,
}: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [preview, setPreview] = useState<{ url: string | null; name: string } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const resetRef = useRef<() => void>(null);
  const abortRef = useRef<AbortController | null>(null);

  // The preview's object URL is released when it changes or the field goes away.
  useEffect(() => () => (preview?.url ? URL.revokeObjectURL(preview.url) : undefined), [preview]);
  useEffect(() => () => abortRef.current?.abort(), []);

  const uploading = progress !== null;
  const shownError = failure ?? error ?? null;
  const describedBy = [`${id}-description`, shownError ? `${id}-error` : null].filter(Boolean).join(' ');

  const choose = async (file: File | null) => {
    if (!file) return;
    abortRef.current?.abort();
    const controller = new AbortController();
    abortRef.current = controller;
    setFailure(null);
    setProgress(0);
    onChange(null);
    onPicked?.(null);
    // Browsers draw JPEG and PNG; a JPEG 2000 gets no preview.
    const drawable = file.type === 'image/jpeg' || file.type === 'image/png';
    setPreview({ url: drawable ? URL.createObjectURL(file) : null, name: file.name });
    try {
      const answer = await uploadImage(file, {
        onProgress: setProgress,
        signal: controller.signal,
        maxSide,
        reencode,
      });
      if (controller.signal.aborted) return;
      onChange(answer.id);
      onPicked?.(file);
    } catch (caught) {
      if (controller.signal.aborted) return;
      setPreview(null);
      setFailure(errorMessage(caught));
    } finally {
      if (!controller.signal.aborted) setProgress(null);
      resetRef.current?.();
    }
  };

  const remove = () => {
    abortRef.current?.abort();
    setProgress(null);
    setPreview(null);
    setFailure(null);
    onChange(null);
    onPicked?.(null);
  };

  return (
    <Stack gap={6} data-testid={testId}>
      <Text component="div" id={`${id}-label`} size="sm" fw={500}>
        {label}
        {required && (
          <Text component="span" c="red" aria-hidden="true">
            {' *'}
          </Text>
        )}
      </Text>
      <Text id={`${id}-description`} size="xs" c="dimmed">
        {description ?? t('upload.hint')}
      </Text>

      {preview && (
        <Paper withBorder p="xs" radius="md">
          {preview.url ? (
            <Image
              src={preview.url}
              alt={t('upload.preview', { name: preview.name })}
              h={160}
              fit="contain"
              radius="sm"
            />
          ) : (
            <Text size="sm" c="dimmed">
              {t('upload.noPreview')} · {preview.name}
            </Text>
          )}
        </Paper>
      )}

      {uploading && (
        <Progress value={Math.round((progress ?? 0) * 100)} aria-label={t('upload.progress')} animated size="sm" />
      )}
      <div aria-live="polite" role="status">
        {uploading ? (
          <Text size="xs">{t('upload.uploading')}</Text>
        ) : value ? (
          <Text size="xs" c="teal">
            {t('upload.uploaded')}
          </Text>
        ) : null}
      </div>

      <Group gap="xs" wrap="wrap">
        <FileButton resetRef={resetRef} onChange={(file) => void choose(file)} accept={ACCEPT} disabled={disabled}>
          {(props) => (
            <Button
              {...props}
              variant="light"
              loading={uploading}
              disabled={disabled}
              aria-labelledby={`${id}-label ${id}-button`}
              aria-describedby={describedBy}
              aria-required={required || undefined}
              aria-invalid={shownError ? true : undefined}
            >
              <span id={`${id}-button`}>{value || preview ? t('upload.change') : t('upload.choose')}</span>
            </Button>
          )}
        </FileButton>
        {(value || preview || uploading) && (
          <Button variant="subtle" color="red" onClick={remove} disabled={disabled}>
            {t('upload.remove')}
          </Button>
        )}
      </Group>

      {shownError && (
        <Alert id={`${id}-error`} color="red" variant="light" role="alert" p="xs">
          {shownError}
        </Alert>
      )}
    </Stack>
  );
}
