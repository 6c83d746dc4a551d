/** A benchmark section prints one line per figure: `name: value unit` (e.g. `engine.charts_per_s: 5120 charts/s`). */
export type Report = (name: string, value: number, unit: string) => void;

export const printReport: Report = (name, value, unit) => {
  const shown = Number.isInteger(value) ? String(value) : value.toFixed(value < 10 ? 3 : 1);
  console.log(`${name}: ${shown} ${unit}`);
};
