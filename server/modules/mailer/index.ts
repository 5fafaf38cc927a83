/** The mailer's public surface: sending mails, and the texts of code messages. */
export { createMailer, type Mail, type Mailer } from './mailer';
export { CODE_TEXTS, codeMail, codeSms } from './texts';
