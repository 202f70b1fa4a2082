// A social sign-in that the provider's window did not complete; its message is shown as it is.
export class SocialSignInError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SocialSignInError';
  }
}
