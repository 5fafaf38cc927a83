import { describe, expect, it } from 'vitest';
import {
  changePasswordSchema,
  firstProblem,
  isNumericInput,
  loginSchema,
  passwordProblem,
  payPasswordSetSchema,
  registerSchema,
  usernameSchema,
} from '../../../src/domain/validation';
import { errorText } from '../../../src/locales/errors';

const validRegistration = {
  method: 'email' as const,
  email: 'Anna@Example.com',
  code: '123456',
  password: '402913',
  confirmPassword: '402913',
  username: 'anna2024',
  agreed: true as const,
};

function problemOf(schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } }, value: unknown) {
  const result = schema.safeParse(value);
  expect(result.success).toBe(false);
  return firstProblem(result.error as never);
}

describe('login password rules', () => {
  it.each([
    ['', 'password.required'],
    ['12a456', 'password.digitsOnly'],
    ['40291', 'password.tooShort'],
    ['7777777', 'password.repeated'],
    ['123456', 'password.sequential'],
    ['654321', 'password.sequential'],
    ['890123', 'password.sequential'],
    ['123123', 'password.common'],
    ['5201314', 'password.common'],
  ])('%j is refused with %s', (password, key) => {
    expect(passwordProblem(password)).toBe(key);
  });

  it('accepts a password that breaks no rule', () => {
    expect(passwordProblem('402913')).toBeNull();
    expect(passwordProblem('92017364')).toBeNull();
  });

  it('tells the minimum length in the message', () => {
    const problem = problemOf(registerSchema, { ...validRegistration, password: '4029', confirmPassword: '4029' });
    expect(problem.key).toBe('password.tooShort');
    expect(errorText('en', problem.key, problem.params)).toContain('6');
  });

  it('refuses a confirmation that does not match, on the confirmation field', () => {
    const problem = problemOf(registerSchema, { ...validRegistration, confirmPassword: '402914' });
    expect(problem).toMatchObject({ key: 'password.mismatch', field: 'confirmPassword' });
  });

  it('refuses a new password equal to the old one', () => {
    const problem = problemOf(changePasswordSchema, { oldPassword: '402913', password: '402913', confirmPassword: '402913' });
    expect(problem.key).toBe('password.sameAsOld');
  });
});

describe('payment password', () => {
  it('has exactly six digits', () => {
    expect(problemOf(payPasswordSetSchema, { password: '4029137', confirmPassword: '4029137' }).key).toBe('payPassword.length');
    expect(problemOf(payPasswordSetSchema, { password: '111111', confirmPassword: '111111' }).key).toBe('password.repeated');
    expect(payPasswordSetSchema.safeParse({ loginPassword: 'x', password: '402913', confirmPassword: '402913' }).success).toBe(true);
  });
});

describe('username rules', () => {
  it.each([
    ['', 'username.required'],
    ['ab', 'username.length'],
    ['a'.repeat(21), 'username.length'],
    ['anna_2024', 'username.invalid'],
    ['anna 2024', 'username.invalid'],
    ['2024anna', 'username.invalid'],
  ])('%j is refused with %s', (username, key) => {
    expect(problemOf(usernameSchema, username).key).toBe(key);
  });

  it('accepts letters and digits, in any script', () => {
    expect(usernameSchema.parse('anna2024')).toBe('anna2024');
    expect(usernameSchema.parse('مريم7')).toBe('مريم7');
  });
});

describe('registration', () => {
  it('accepts a complete registration and lower-cases the e-mail', () => {
    const parsed = registerSchema.parse(validRegistration);
    expect(parsed).toMatchObject({ method: 'email', email: 'anna@example.com' });
  });

  it.each([
    [{ code: '12345' }, 'code.format'],
    [{ code: 'abcdef' }, 'code.format'],
    [{ email: 'anna@' }, 'email.invalid'],
    [{ agreed: false }, 'agreement.required'],
    [{ inviteCode: 'AB-12' }, 'invite.invalid'],
  ])('refuses %j with %s', (change, key) => {
    expect(problemOf(registerSchema, { ...validRegistration, ...change }).key).toBe(key);
  });

  it('validates phone numbers as real numbers', () => {
    const byPhone = { ...validRegistration, method: 'phone', phone: '+4915112345678' } as Record<string, unknown>;
    delete byPhone.email;
    expect(registerSchema.safeParse(byPhone).success).toBe(true);
    expect(problemOf(registerSchema, { ...byPhone, phone: '+49123' }).key).toBe('phone.invalid');
  });

  it('refuses unknown fields and names them', () => {
    const problem = problemOf(registerSchema, { ...validRegistration, isAdmin: true });
    expect(problem.key).toBe('request.unknownField');
    expect(errorText('en', problem.key, problem.params)).toContain('isAdmin');
  });
});

describe('other inputs', () => {
  it('login needs an account and a password', () => {
    expect(problemOf(loginSchema, { account: '', password: 'x' }).key).toBe('login.failed');
    expect(problemOf(loginSchema, { account: 'anna', password: '' }).key).toBe('password.required');
  });

  it('numeric fields allow digits, one decimal point and one leading minus', () => {
    for (const ok of ['', '12', '12.5', '-3', '.5', '-0.25']) expect(isNumericInput(ok)).toBe(true);
    for (const bad of ['1.2.3', '--1', '1-2', '1e5', '12a', ' 1']) expect(isNumericInput(bad)).toBe(false);
  });
});
