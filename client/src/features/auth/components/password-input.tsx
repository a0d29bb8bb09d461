/** A password field with a show/hide toggle (docs/product-rules.md §2) that screen readers and keyboards can use. */
import { IconButton, Input, InputGroup, type InputProps } from '@chakra-ui/react';
import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { useT } from '@/i18n';

export function PasswordInput(props: Omit<InputProps, 'type'>) {
  const [isVisible, setIsVisible] = useState(false);
  const { t } = useT();
  const label = isVisible ? t('auth.common.hidePassword') : t('auth.common.showPassword');
  return (
    <InputGroup
      endElementProps={{ pe: '1' }}
      endElement={
        <IconButton
          type="button"
          variant="ghost"
          size="sm"
          aria-label={label}
          title={label}
          aria-pressed={isVisible}
          onClick={() => setIsVisible((visible) => !visible)}
        >
          {isVisible ? <EyeOff /> : <Eye />}
        </IconButton>
      }
    >
      <Input {...props} type={isVisible ? 'text' : 'password'} pe="12" />
    </InputGroup>
  );
}
