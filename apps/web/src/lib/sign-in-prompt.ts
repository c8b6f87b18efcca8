import { createContext, use } from 'react';

/**
 * Opens the sign-in dialog for a page that needs a session; after signing in the person is
 * taken back to `returnTo` (the page they asked for) instead of /your-sites. Provided by the
 * account dialogs, so pages of other features can offer Sign In without importing them.
 */
export const SignInPromptContext = createContext<((returnTo: string) => void) | null>(null);

export function useSignInPrompt(): ((returnTo: string) => void) | null {
  return use(SignInPromptContext);
}
