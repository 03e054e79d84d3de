/**
 * The quantity picker of the product detail: minus, the number, plus. antd-mobile's Stepper put
 * spinbutton attributes on a plain div and left its input without a label (Lighthouse accessibility).
 */
export function QuantityStepper({
  value,
  min,
  max,
  disabled,
  label,
  onChange,
}: {
  value: number;
  min: number;
  max: number;
  disabled: boolean;
  label: string;
  onChange: (value: number) => void;
}) {
  const set = (next: number) => onChange(Math.min(max, Math.max(min, next)));
  return (
    <div className="cm-stepper">
      <button
        type="button"
        className="cm-stepper__button"
        disabled={disabled || value <= min}
        onClick={() => set(value - 1)}
      >
        −
      </button>
      <input
        className="cm-stepper__input"
        type="number"
        inputMode="numeric"
        aria-label={label}
        min={min}
        max={max}
        value={value}
        disabled={disabled}
        onChange={(event) => {
          const next = Number.parseInt(event.target.value, 10);
          if (Number.isFinite(next)) set(next);
        }}
      />
      <button
        type="button"
        className="cm-stepper__button"
        disabled={disabled || value >= max}
        onClick={() => set(value + 1)}
      >
        +
      </button>
    </div>
  );
}
