import type { Catalog } from '../en';

export const common: Catalog['common'] = {
  language: {
    label: 'Lugha',
    switchTo: 'English',
  },
  errors: {
    generic: 'Kuna hitilafu. Tafadhali jaribu tena.',
  },
};
