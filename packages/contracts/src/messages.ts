/**
 * Validation messages, verbatim from the product spec §5 (typos included: the spec is the contract).
 * The password message disagrees with the pattern on purpose; see `passwordPattern`.
 */
export const messages = {
  fullNameRequired: 'Full Name is required',
  emailOrUsernameRequired: 'Email or username is required',
  passwordRequired: 'Password is required',
  passwordPattern:
    'Password must be at least 8 characters long, contain an uppercase letter, a number, and a special character',
  termsRequired: 'You must aggree to the terms and conditions',
  validEmailRequired: 'A valid email is required',
  emailRequired: 'Email is required',
  otpRequired: 'OTP is required',
  currentPasswordRequired: 'Please enter your current password',
  newPasswordRequired: 'Please enter new password',
  confirmPasswordRequired: 'Please confirm new password',
  passwordsDontMatch: "Passwords don't match",
  phoneTooLong: 'Phone number cannot be longer than 15 characters',
  accountFullNameRequired: 'Full name is required',
  invalidEmail: 'Invalid email address',
  categoryRequired: 'Category is required',
  urlRequired: 'Please enter a URL',
} as const;

/** Spec §9: at least 6 characters, one uppercase letter, one digit. */
export const passwordPattern = /^(?=.*[A-Z])(?=.*\d).{6,}$/;

/** Limits the spec leaves open; chosen so no field can carry a payload worth attacking. */
export const limits = {
  fullNameMax: 120,
  emailMax: 254,
  passwordMax: 128,
  phoneMax: 15,
  otpLength: 6,
} as const;
