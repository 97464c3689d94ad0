import { Alert, Button, Stack, Text, Textarea } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { SUPPORT_RATING_MAX, SUPPORT_RATING_MIN } from '@openbourse/contracts/constants';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/errors';

const VALUES = Array.from(
  { length: SUPPORT_RATING_MAX - SUPPORT_RATING_MIN + 1 },
  (_, index) => SUPPORT_RATING_MIN + index,
);
const COMMENT_MAX = 500;

/**
 * The satisfaction rating after a conversation closed (issue 20): five stars as a group of real
 * radio buttons (arrow keys move between them, each named "n out of 5 stars"), an optional
 * comment, and a send button; a refusal shows in the reader's language.
 */
export function RatingForm({ onRate }: { onRate: (rating: number, comment: string) => Promise<void> }) {
  const { t } = useTranslation();
  const id = useId();
  const [value, setValue] = useState<number | null>(null);
  const [hovered, setHovered] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (value === null) {
      setProblem(t('supportChat.chat.rating.required'));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await onRate(value, comment);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const shown = hovered ?? value;
  return (
    <form onSubmit={(event) => void submit(event)} className="ob-support-rating" noValidate>
      <Stack gap="sm">
        <Text fw={600} component="h3" id={`${id}-title`}>
          {t('supportChat.chat.rating.title')}
        </Text>
        <fieldset className="ob-support-stars" aria-describedby={problem ? `${id}-problem` : undefined}>
          <legend className="ob-visually-hidden">{t('supportChat.chat.rating.legend')}</legend>
          {/* biome-ignore lint/a11y/noStaticElementInteractions: the hover only previews; the radios carry the meaning */}
          <div className="ob-support-stars-row" onMouseLeave={() => setHovered(null)}>
            {VALUES.map((star) => (
              <label key={star} className="ob-support-star" onMouseEnter={() => setHovered(star)}>
                <input
                  type="radio"
                  name={`${id}-rating`}
                  value={star}
                  checked={value === star}
                  onChange={() => {
                    setValue(star);
                    setProblem(null);
                  }}
                  className="ob-support-star-input"
                />
                {shown !== null && star <= shown ? (
                  <IconStarFilled size={30} aria-hidden className="ob-support-star-on" />
                ) : (
                  <IconStar size={30} aria-hidden />
                )}
                <span className="ob-visually-hidden">{t('supportChat.chat.rating.star', { value: star })}</span>
              </label>
            ))}
          </div>
          <Text size="sm" c="dimmed" aria-hidden mih={20}>
            {shown !== null ? t(`supportChat.chat.rating.labels.${shown}`) : ''}
          </Text>
        </fieldset>
        <Textarea
          label={t('supportChat.chat.rating.comment')}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value.slice(0, COMMENT_MAX))}
          maxLength={COMMENT_MAX}
          autosize
          minRows={2}
          maxRows={5}
        />
        {problem && (
          <Alert color="red" role="alert" id={`${id}-problem`} p="xs">
            {problem}
          </Alert>
        )}
        <Button type="submit" loading={isBusy} style={{ alignSelf: 'flex-start' }}>
          {t('supportChat.chat.rating.submit')}
        </Button>
      </Stack>
    </form>
  );
}
