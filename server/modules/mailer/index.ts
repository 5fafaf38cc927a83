/** The mailer's public surface: sending mails, the texts of code messages and of a changed contact's notices. */
export { createMailer,  type Mailer } from './mailer';
export {  codeMail, codeSms } from './texts';
export { contactChangeMail, contactChangeSms } from './contact-texts';
