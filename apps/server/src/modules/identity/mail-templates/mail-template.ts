/** Verification mails, in the reader's language. `{code}` is filled by the sender. */
export type MailTemplates = {
  registerSubject: string;
  registerText: string;
  resetSubject: string;
  resetText: string;
};
