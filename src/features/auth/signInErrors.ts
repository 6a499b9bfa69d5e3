/** Which message a failed sign-in shows (site spec §8 error catalogue). */
import { AUTH_MESSAGES as M } from './messages';

export interface SignInFailure {
  code: string;
  message?: string;
}

export function signInErrorMessage(failure: SignInFailure): { title: string; message: string } {
  switch (failure.code) {
    case 'invalid_credentials':
      return { title: M.errorTitle, message: M.wrongCredentials };
    case 'session_limit':
      // The spec's text begins with "Limite de sessões atingido —": under a title of the same
      // words it read twice.
      return { title: M.errorTitle, message: M.sessionLimit };
    case 'network':
      return { title: M.errorTitle, message: M.network };
    case 'unexpected':
    case 'internal':
      return { title: M.errorTitle, message: M.unexpected };
    default:
      // Any other auth error: the server's own message (already pt-BR), or the generic one.
      return { title: M.errorTitle, message: failure.message?.trim() || M.unexpected };
  }
}
