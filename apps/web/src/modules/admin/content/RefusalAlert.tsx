import { Alert, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/client';
import { errorMessage } from '../../../shared/api/errors';
import { refusalIssues } from './content-editor';

/**
 * A refused change, beside the form that sent it: the catalogue's message in the reader's
 * language and, when the server named fields, which ones (`fieldLabels` maps a path such as
 * `body.title` to the field's label).
 */
export function RefusalAlert({ error, fieldLabels }: { error: unknown; fieldLabels: Record<string, string> }) {
  const { t } = useTranslation();
  const issues = error instanceof ApiError ? refusalIssues(error.data) : [];
  return (
    <Alert color="red" title={t('admin.content.refused')} role="alert" data-testid="content-refusal">
      <Text size="sm">{errorMessage(error)}</Text>
      {issues.length > 0 && (
        <List size="sm" mt="xs">
          {issues.map((issue) => (
            <List.Item key={`${issue.path}:${issue.message}`}>
              {fieldLabels[issue.path] ?? issue.path}: {issue.message}
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
