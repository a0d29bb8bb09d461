/** Texts shared by every area: the language switch, generic errors. */
export const common = {
  language: {
    label: 'Language',
    switchTo: 'Kiswahili',
  },
  errors: {
    generic: 'Something went wrong. Please try again.',
  },
};
