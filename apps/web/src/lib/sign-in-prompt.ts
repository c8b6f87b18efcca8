import { createContext, use } from 'react';

/**
 * Opens the sign-in dialog for a page that needs a session; after signing in the person is
 * taken back to `returnTo` (the page they asked for) instead of /your-sites; `userName`, when
 * known (an account just made), is filled in. Provided by the account dialogs, so pages of other
 * features can offer Sign In without importing them.
 */
export type SignInPrompt = (returnTo: string, userName?: string) => void;

export const SignInPromptContext = createContext<SignInPrompt | null>(null);

export function useSignInPrompt(): SignInPrompt | null {
  return use(SignInPromptContext);
}
