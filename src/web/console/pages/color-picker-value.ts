const HEX = /^#[0-9a-f]{6}$/i;
const SHORT_HEX = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i;

/** The colour picker's value: #rrggbb only, so a short or named colour shows as near as it can. */
export function pickerValue(value: string): string {
  if (HEX.test(value)) return value.toLowerCase();
  const short = SHORT_HEX.exec(value);
  return short ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase() : '#000000';
}
