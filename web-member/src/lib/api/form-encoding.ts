export type FormValue = string | number | boolean | Date | null | undefined;
export type FormValues = Record<string, FormValue | readonly FormValue[]>;

/**
 * Form-urlencoded fields the way the server reads them: arrays become repeated keys
 * (`tagIds=a&tagIds=b`), absent values are left out, dates are ISO strings.
 */
export function toSearchParams(values: FormValues = {}): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === null || item === undefined) continue;
      params.append(key, item instanceof Date ? item.toISOString() : String(item));
    }
  }
  return params;
}
