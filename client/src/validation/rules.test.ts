import { formRules, MESSAGES, rules, validate, validateForm } from './rules';

describe('generic rules', () => {
  it.each([
    ['', MESSAGES.required],
    ['   ', MESSAGES.required],
    [null, MESSAGES.required],
    ['x', null],
  ])('required(%p) -> %p', (value, expected) => {
    expect(rules.required(value)).toBe(expected);
  });

  it('must be checked', () => {
    expect(rules.checked(false)).toBe('You must select this checkbox');
    expect(rules.checked(true)).toBeNull();
  });

  it('integer only', () => {
    expect(rules.integer('12a')).toBe('Numbers only.');
    expect(rules.integer('1.5')).toBe('Numbers only.');
    expect(rules.integer('-3')).toBeNull();
  });

  it('positive integer', () => {
    expect(rules.positiveInteger('-3')).toBe('Positive numbers only.');
    expect(rules.positiveInteger('0')).toBe('Positive numbers only.');
    expect(rules.positiveInteger('7')).toBeNull();
  });

  it('e-mail format', () => {
    expect(rules.email('ada@')).toBe('Email format is invalid.');
    expect(rules.email('ada@example')).toBe('Email format is invalid.');
    expect(rules.email('ada example@x.com')).toBe('Email format is invalid.');
    expect(rules.email('ada@example.com')).toBeNull();
  });

  it('password: 8 to 20 characters with a digit or one of ~!@#$%^&*', () => {
    const message =
      'Password length must be between 8 and 20 and have at least one number and one special character (~!@#$%^&*).';
    expect(rules.password()('short1')).toBe(message);
    expect(rules.password()('longenoughbutplain')).toBe(message);
    expect(rules.password()('a'.repeat(20) + '1')).toBe(message);
    expect(rules.password()('longenough1')).toBeNull();
    expect(rules.password()('longenough!')).toBeNull();
  });

  it('password bounds can be overridden, and the message says so', () => {
    expect(rules.password(4, 6)('ab1')).toBe(
      'Password length must be between 4 and 6 and have at least one number and one special character (~!@#$%^&*).',
    );
    expect(rules.password(4, 6)('abc1')).toBeNull();
  });

  it('no whitespace', () => {
    expect(rules.noWhitespace('ada lovelace')).toBe("Username can't contain white spaces.");
    expect(rules.noWhitespace('ada')).toBeNull();
  });

  it('username characters: letters, digits, dot, apostrophe, underscore, hyphen', () => {
    expect(rules.usernameCharacters('ada!')).toBe("Username can't contain special characters.");
    expect(rules.usernameCharacters("a.d'a_l-9")).toBeNull();
  });

  it('name: at least 3 characters, no digits or symbols', () => {
    expect(rules.name('Al')).toBe("Name can't contain special characters.");
    expect(rules.name('Ada1')).toBe("Name can't contain special characters.");
    expect(rules.name('Zoë')).toBeNull();
    expect(rules.name("Jean-Luc O'Neil")).toBeNull();
  });

  it('phone: ten digits with optional separators', () => {
    expect(rules.phone('12345')).toBe('Phone number is invalid.');
    expect(rules.phone('(555) 123-4567')).toBeNull();
    expect(rules.phone('555.123.4567')).toBeNull();
    expect(rules.phone('5551234567')).toBeNull();
  });

  it('min and max length show their bound', () => {
    expect(rules.minLength(5)('abcd')).toBe('Minimum length of 5 is not met.');
    expect(rules.maxLength(3)('abcd')).toBe('Maximum length of 3 exceeded.');
    expect(rules.minLength(5)('abcde')).toBeNull();
  });

  it('min value shows the minimum; max value shows the maximum (the recorded defect is fixed)', () => {
    expect(rules.minValue(10)('9')).toBe('Minimum value of 10 is not met.');
    expect(rules.maxValue(100)('101')).toBe('Maximum value of 100 exceeded.');
    expect(rules.maxValue(100)('100')).toBeNull();
  });

  it('lets an empty value through every rule except required and checked', () => {
    for (const rule of [rules.email, rules.integer, rules.phone, rules.name, rules.minLength(3), rules.password()]) {
      expect(rule('')).toBeNull();
    }
  });
});

describe('validate', () => {
  it('answers the first failing rule', () => {
    expect(validate('', formRules.newsletterEmail)).toBe('This field is required.');
    expect(validate('nope', formRules.newsletterEmail)).toBe('Email format is invalid.');
    expect(validate('a@b.co', formRules.newsletterEmail)).toBeNull();
  });

  it('runs the register username rules in order', () => {
    expect(validate('abc', formRules.registerUsername)).toBe('Minimum length of 5 is not met.');
    expect(validate('a'.repeat(32), formRules.registerUsername)).toBe('Maximum length of 31 exceeded.');
    expect(validate('ada lovelace', formRules.registerUsername)).toBe("Username can't contain white spaces.");
    expect(validate('ada#lovelace', formRules.registerUsername)).toBe("Username can't contain special characters.");
    expect(validate('ada_lovelace', formRules.registerUsername)).toBeNull();
  });

  it('validates a whole form, answering only the failing fields', () => {
    expect(
      validateForm(
        { email: 'x', password: 'longenough1', terms: false },
        { email: formRules.registerEmail, password: formRules.registerPassword, terms: formRules.terms },
      ),
    ).toEqual({ email: 'Minimum length of 5 is not met.', terms: 'You must select this checkbox' });
  });
});
