export { SignInPage } from './SignInPage';
export { ForcePasswordDialog } from './ForcePasswordDialog';
export { checkPassword } from './passwordChecklist';
export { signInErrorMessage } from './signInErrors';
export { AUTH_MESSAGES } from './messages';
