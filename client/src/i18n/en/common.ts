/** Texts shared by every area: the language switch, generic errors. */
export const common = {
  language: {
    label: 'Language',
    switchTo: 'Kiswahili',
  },
  /** The ribbon shown while the server runs on its built-in payment and SMS mocks. */
  demoRibbon: 'Demo — no real money moves',
  errors: {
    generic: 'Something went wrong. Please try again.',
  },
};
