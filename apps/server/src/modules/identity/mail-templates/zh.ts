import type { MailTemplates } from './mail-template.js';

/** Simplified Chinese (zh-Hans). `{code}` is filled by the sender. */
export const zh: MailTemplates = {
  registerSubject: '您的OpenBourse验证码',
  registerText: '您的验证码为{code}，10分钟内有效。\n\n如果您并未尝试创建OpenBourse账户，请忽略此邮件。',
  resetSubject: '重置您的OpenBourse密码',
  resetText: '您的密码重置验证码为{code}，10分钟内有效。\n\n如果您并未申请重置密码，请忽略此邮件，您的密码未被更改。',
};
