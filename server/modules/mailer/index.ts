/** The mailer's public surface: sending mails, and the texts of code messages. */
export { createMailer,  type Mailer } from './mailer';
export {  codeMail, codeSms } from './texts';
