import { chakra } from '@chakra-ui/react';

/** A <form> laid out as a vertical stack (Stack's `as="form"` does not type form attributes such as noValidate). */
export const FormStack = chakra('form', { base: { display: 'flex', flexDirection: 'column' } });
