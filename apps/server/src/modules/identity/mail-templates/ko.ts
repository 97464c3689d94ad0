import type { MailTemplates } from './mail-template.js';

/** Korean (formal polite style). `{code}` is filled by the sender. */
export const ko: MailTemplates = {
  registerSubject: 'OpenBourse 인증번호 안내',
  registerText:
    '인증번호는 {code}입니다. 이 인증번호는 10분 후에 만료됩니다.\n\nOpenBourse 계정을 만들려고 하지 않으셨다면 이 이메일을 무시하셔도 됩니다.',
  resetSubject: 'OpenBourse 비밀번호 재설정',
  resetText:
    '비밀번호 재설정 인증번호는 {code}입니다. 이 인증번호는 10분 후에 만료됩니다.\n\n비밀번호 재설정을 요청하지 않으셨다면 이 이메일을 무시해 주세요. 비밀번호는 변경되지 않았습니다.',
};
