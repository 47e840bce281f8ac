import { businessToday } from '../../shared/business-date';
import { previousMonth } from './report-format';

/** "Minulý měsíc": fills a report's date range with the month before today's (Prague). */
export function LastMonthButton({ onPick }: { onPick: (range: { date_from: string; date_to: string }) => void }) {
  return (
    <div className="field report-form__quick">
      <button
        type="button"
        className="button button--secondary"
        onClick={() => {
          const month = previousMonth(businessToday());
          onPick({ date_from: month.from, date_to: month.to });
        }}
      >
        Minulý měsíc
      </button>
    </div>
  );
}
