/** The plan lengths a Lipa Mdogo Mdogo plan may have, as a select's options ("6 months"), wherever a plan is set up. */
import { PLAN_TERMS } from '@escrow/core/domain/installment-plan';
import { useT } from '@/i18n';

export function PlanTermOptions() {
  const { t } = useT();
  return (
    <>
      {PLAN_TERMS.map((months) => (
        <option key={months} value={String(months)}>
          {t('customer.form.monthsOption', { months })}
        </option>
      ))}
    </>
  );
}
