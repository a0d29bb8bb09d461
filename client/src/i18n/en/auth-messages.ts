/**
 * The auth area's `messages`, apart from its pages' texts because every page's first load needs them.
 * The server's and the shared form rules' messages (packages/core/src/contract), word for word in English:
 * a message equal to one of these (with `{{…}}` standing for any value) is shown in the reader's language.
 */
export const authMessages = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  firstNameTooLong: 'First name must be at most 60 characters',
  lastNameTooLong: 'Last name must be at most 60 characters',
  phoneRequired: 'Phone number is required',
  phoneFormat: 'Phone must start with 0 or 254 followed by 9 digits',
  accountTypeRequired: 'Please choose an account type',
  accountTypeInvalid: 'Account type must be buyer, seller or both',
  emailInvalid: 'Enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least {{min}} characters',
  passwordTooLong: 'Password must be at most {{max}} characters',
  confirmRequired: 'Please confirm your password',
  passwordsDoNotMatch: 'Passwords do not match',
  phoneOrEmailRequired: 'Phone or email is required',
  codeRequired: 'Code is required',
  codeDigits: 'The code has 6 digits',
  invalidCredentials: 'Invalid phone/email or password',
  phoneTaken: 'An account with this phone number already exists. Please sign in.',
  emailTaken: 'An account with this email already exists.',
  phoneTakenField: 'An account with this phone number already exists',
  emailTakenField: 'An account with this email already exists',
  codeInvalid: 'Invalid or expired code. Check the SMS or request a new code.',
  suspended: 'This account is suspended. Please contact support.',
  waitSeconds: 'Please wait {{seconds}} seconds before requesting another code.',
  waitOneSecond: 'Please wait 1 second before requesting another code.',
  tooManyLogins: 'Too many failed login attempts. Try again in {{minutes}} minutes, or reset your password.',
  tooManyLoginsOneMinute: 'Too many failed login attempts. Try again in 1 minute, or reset your password.',
  // Any page's call that gets no answer or an error of the server (server/src/plugins/error-handler.ts)
  // or of a proxy in front of it (client/src/lib/api.ts words those).
  offline: 'Cannot reach the server. Check your connection and try again.',
  serverError: 'Something went wrong on our side. Please try again.',
  serviceUnavailable: 'The service is briefly unavailable. Please try again in a moment.',
  serviceBusy: 'The service is busy right now.',
};
