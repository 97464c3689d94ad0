import { Modal, SimpleGrid, UnstyledButton } from '@mantine/core';
import { LANGUAGE_BCP47, LANGUAGE_NATIVE_NAMES, LANGUAGES, type Language } from '@openbourse/contracts';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../i18n/i18n';

/** The language list (SPEC §2): a modal that highlights the current language. */
export default function LanguagePickerModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const current = currentLanguage();
  const choose = async (language: Language) => {
    await changeLanguage(language);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('language.pickerTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      <SimpleGrid cols={2} spacing="xs" role="list">
        {LANGUAGES.map((language) => {
          const isCurrent = language === current;
          return (
            <UnstyledButton
              key={language}
              role="listitem"
              lang={LANGUAGE_BCP47[language]}
              className={isCurrent ? 'ob-lang-option ob-lang-option--current' : 'ob-lang-option'}
              aria-current={isCurrent ? 'true' : undefined}
              data-language={language}
              onClick={() => void choose(language)}
            >
              {LANGUAGE_NATIVE_NAMES[language]}
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
    </Modal>
  );
}
