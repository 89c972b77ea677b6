/** Variable values are a string, a list of (string | null), or null (cleared). */
export type VariableValue = string | (string | null)[] | null;

export interface RuntimeVariable {
  id: string;
  name: string;
  value?: VariableValue;
  isSessionVariable?: boolean;
}
