import { NativeSelect } from '@chakra-ui/react';
import { enumLabel } from '../labels';

/** A list's filter: "All …" (the empty value, no filter) first, then each value in words. */
export function FilterSelect<Value extends string>({
  label,
  allLabel,
  values,
  value,
  onChange,
  size,
  w,
}: {
  /** What the select filters by, for screen readers ("Filter by status"). */
  label: string;
  allLabel: string;
  values: readonly Value[];
  value: Value | '';
  onChange: (value: Value | '') => void;
  size?: NativeSelect.RootProps['size'];
  w?: NativeSelect.RootProps['w'];
}) {
  return (
    <NativeSelect.Root size={size} w={w}>
      <NativeSelect.Field aria-label={label} value={value} onChange={(event) => onChange(event.target.value as Value | '')}>
        <option value="">{allLabel}</option>
        {values.map((option) => (
          <option key={option} value={option}>
            {enumLabel(option)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
