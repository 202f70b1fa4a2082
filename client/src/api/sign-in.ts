// What the BFF is told on sign-in and registration (client/README.md: Account screens): the
// platform, and the ways to register with their names as the register page shows them.
export const PLATFORM = 'mobile-web';

export const REGISTER_TYPES = {
  email: 'E-mail',
  facebook: 'Facebook',
  google: 'Google',
  apple: 'Apple',
} as const;
export type RegisterType = keyof typeof REGISTER_TYPES;
export type SocialProvider = Exclude<RegisterType, 'email'>;
export const SOCIAL_PROVIDERS: readonly SocialProvider[] = ['facebook', 'google', 'apple'];
