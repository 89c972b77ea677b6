import type { RuntimeVariable, VariableValue } from '../session';
import { serializeValue } from './values';

/** A bot's variables for the current session (the queue entry's copy), by id and by name. */
export class VariableStore {
  /**
   * `onSet` hears every stored value (the set-variable history); `recorded`,
   * in a replay, gives the value a set must take instead of the computed one.
   */
  constructor(
    private readonly variables: RuntimeVariable[],
    private readonly onSet?: (variable: RuntimeVariable) => void,
    private readonly recorded?: (variableId: string) => { value: unknown } | undefined,
  ) {}

  list(): readonly RuntimeVariable[] {
    return this.variables;
  }

  byId(id: string | undefined | null): RuntimeVariable | undefined {
    return id ? this.variables.find((variable) => variable.id === id) : undefined;
  }

  /** Names should be unique; the first match wins when they are not. */
  byName(name: string): RuntimeVariable | undefined {
    return this.variables.find((variable) => variable.name === name);
  }

  value(id: string | undefined | null): VariableValue | undefined {
    return this.byId(id)?.value;
  }

  /** Stores a computed value (serialised as stored values always are); unknown ids are ignored. */
  set(id: string | undefined | null, value: unknown): RuntimeVariable | undefined {
    const index = id ? this.variables.findIndex((variable) => variable.id === id) : -1;
    if (index < 0) return undefined;
    const replayed = this.recorded?.(id!);
    const variable = { ...this.variables[index]!, value: serializeValue(replayed ? replayed.value : value) };
    // An updated variable moves to the end, as in the reference (order carries no meaning).
    this.variables.splice(index, 1);
    this.variables.push(variable);
    this.onSet?.(variable);
    return variable;
  }
}
