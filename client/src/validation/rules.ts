// The generic validation rules (docs/accounts.md, validation) and their messages, and the rule sets
// of each form. A rule returns its message when the value fails, otherwise null; the first failing
// rule wins.

export type Value = string | number | boolean | null | undefined;
export type Rule = (value: Value) => string | null;

export const MESSAGES = {
  required: 'This field is required.',
  checked: 'You must select this checkbox',
  integer: 'Numbers only.',
  positiveInteger: 'Positive numbers only.',
  email: 'Email format is invalid.',
  password: (min: number, max: number) =>
    `Password length must be between ${min} and ${max} and have at least one number and one special character (~!@#$%^&*).`,
  noWhitespace: "Username can't contain white spaces.",
  usernameCharacters: "Username can't contain special characters.",
  name: "Name can't contain special characters.",
  phone: 'Phone number is invalid.',
  minLength: (n: number) => `Minimum length of ${n} is not met.`,
  maxLength: (n: number) => `Maximum length of ${n} exceeded.`,
  minValue: (n: number) => `Minimum value of ${n} is not met.`,
  // The recorded defect showed the minimum here; the message names the maximum.
  maxValue: (n: number) => `Maximum value of ${n} exceeded.`,
  // Register form: the availability checks (client/README.md: Account screens, Register).
  usernameTaken: 'This username is already taken.',
  emailTaken: 'That email is already taken',
} as const;

const text = (value: Value): string =>
  value === null || value === undefined || typeof value === 'boolean' ? '' : String(value);

// Rules other than `required` and `checked` let an empty value pass: emptiness is required's job.
function whenFilled(test: (value: string) => boolean, message: string): Rule {
  return (value) => {
    const s = text(value);
    return s === '' || test(s) ? null : message;
  };
}

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const PASSWORD_SYMBOL = /[0-9~!@#$%^&*]/;
const USERNAME = /^[A-Za-z0-9.'_-]+$/;
const NAME = /^\p{L}[\p{L}\p{M}' -]{2,}$/u;
const PHONE = /^\(?\d{3}\)?[-. ]?\d{3}[-. ]?\d{4}$/;

export const rules = {
  required: ((value) => (typeof value === 'boolean' || text(value).trim() !== '' ? null : MESSAGES.required)) as Rule,
  checked: ((value) => (value === true ? null : MESSAGES.checked)) as Rule,
  integer: whenFilled((s) => /^-?\d+$/.test(s.trim()), MESSAGES.integer),
  positiveInteger: whenFilled((s) => /^\d+$/.test(s.trim()) && Number(s) > 0, MESSAGES.positiveInteger),
  email: whenFilled((s) => EMAIL.test(s.trim()), MESSAGES.email),
  password: (min = 8, max = 20): Rule =>
    whenFilled((s) => s.length >= min && s.length <= max && PASSWORD_SYMBOL.test(s), MESSAGES.password(min, max)),
  noWhitespace: whenFilled((s) => !/\s/.test(s), MESSAGES.noWhitespace),
  usernameCharacters: whenFilled((s) => USERNAME.test(s), MESSAGES.usernameCharacters),
  name: whenFilled((s) => NAME.test(s.trim()), MESSAGES.name),
  phone: whenFilled((s) => PHONE.test(s.trim()), MESSAGES.phone),
  minLength: (n: number): Rule => whenFilled((s) => s.length >= n, MESSAGES.minLength(n)),
  maxLength: (n: number): Rule => whenFilled((s) => s.length <= n, MESSAGES.maxLength(n)),
  minValue: (n: number): Rule => whenFilled((s) => !Number.isNaN(Number(s)) && Number(s) >= n, MESSAGES.minValue(n)),
  maxValue: (n: number): Rule => whenFilled((s) => !Number.isNaN(Number(s)) && Number(s) <= n, MESSAGES.maxValue(n)),
};

/** The first failing rule's message, or null when the value passes them all. */
export function validate(value: Value, ruleList: readonly Rule[]): string | null {
  for (const rule of ruleList) {
    const message = rule(value);
    if (message) return message;
  }
  return null;
}

/** Validates every field of a form; the answer holds only the fields that fail. */
export function validateForm<Field extends string>(
  values: Record<Field, Value>,
  ruleSets: Record<Field, readonly Rule[]>,
): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const field of Object.keys(ruleSets) as Field[]) {
    const message = validate(values[field], ruleSets[field]);
    if (message) errors[field] = message;
  }
  return errors;
}

// Rule sets of the product's forms (docs/accounts.md, validation; client/README.md: Account
// screens).
export const formRules = {
  newsletterEmail: [rules.required, rules.email],
  registerUsername: [
    rules.required,
    rules.minLength(5),
    rules.maxLength(31),
    rules.noWhitespace,
    rules.usernameCharacters,
  ],
  registerEmail: [rules.required, rules.minLength(5), rules.maxLength(63), rules.email],
  registerPassword: [rules.required, rules.password(8, 20)],
  required: [rules.required],
  terms: [rules.checked],
  loginEmail: [rules.required],
  loginPassword: [rules.required],
  forgotEmail: [rules.required, rules.email],
  resetPassword: [rules.required, rules.password(8, 20)],
  // My account: names may be left empty (that clears them); 3 to 50 letters otherwise.
  profileName: [rules.name, rules.maxLength(50)],
  currentPassword: [rules.required],
} satisfies Record<string, readonly Rule[]>;
